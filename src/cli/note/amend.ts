// `practice note amend <note>`: a signed note is final, so a correction is a new note of the same
// client naming it in amends_id. Takes the note the same ways as `note add`; --edit starts from the original.
import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { query } from '../../core/query.js';
import { type SessionNote, sessionNoteCreateSchema } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { checkInput } from '../shared/input.js';
import { resolveRowId } from '../shared/resolve.js';
import { NOTE_FLAGS } from './add.js';
import { addSoapOptions, readSoap, type SoapOptions } from './soap-input.js';

export function amendCommand(ctx: Context): Command {
  const command = new Command('amend')
    .description('Correct a signed note with an amendment (a new note naming it); prints the new id')
    .argument('<note>', 'id or id prefix of the signed note');
  return addSoapOptions(command)
    .addHelpText('before', `Examples:
  $ practice note amend 3f2a9c1b -A "Correction: left, not right, shoulder"
  $ practice note amend 3f2a9c1b --edit
`)
    .action((note: string, options: SoapOptions) => runAmend(note, options, ctx));
}

export async function runAmend(text: string, options: SoapOptions, ctx: Context): Promise<void> {
  const id = await resolveRowId(ctx, 'sessions', text, 'note');
  const api = await ctx.api();
  const [original] = await api.select<SessionNote>('sessions', query<SessionNote>().eq('id', id));
  if (!original) throw new CommandError(`Note ${shortId(id)} was not found.`, 'See `practice note list --client <client>`.');
  // The service refuses this too, but only after the amendment has been written in the editor.
  if (!original.signed_at) {
    throw new CommandError(`Note ${shortId(id)} is not signed, so it cannot be amended.`, `Sign it first (\`practice note sign ${shortId(id)}\`), then amend it.`);
  }
  const soap = await readSoap(options, ctx, original);
  const amendment = checkInput(sessionNoteCreateSchema, {
    id: randomUUID(),
    client_id: original.client_id,
    appointment_id: original.appointment_id ?? undefined,
    amends_id: original.id,
    ...soap,
  }, NOTE_FLAGS);
  const [created] = await api.insert<SessionNote>('sessions', amendment);
  ctx.out.print(created!.id);
  ctx.out.success(`Wrote amendment ${shortId(created!.id)} of note ${shortId(original.id)}.`);
}
