// `practice note amend <note>`: a signed note is final, so a correction is a new note of the same
// client naming it in amends_id. Takes the note the same ways as `note add`; --edit starts from the original.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { keepingDraft } from './draft-file.js';
import { COLUMNS, fetchNote, FIELDS, FLAG_OF } from './shared.js';
import { addSoapOptions, checkSoapSource, readSoap, type SoapOptions, writtenParts } from './soap-input.js';

type AmendOptions = SoapOptions & RowOptions;

export function amendCommand(ctx: Context): Command {
  const command = new Command('amend')
    .description('Correct a signed note with an amendment (a new note naming it); prints the new id')
    .argument('<note>', 'id or id prefix of the signed note');
  addSoapOptions(command)
    .addHelpText('before', `Examples:
  $ practice note amend 3f2a9c1b -A "Correction: left, not right, shoulder"
  $ practice note amend 3f2a9c1b --edit
`)
    .action((note: string, options: AmendOptions) => runAmend(note, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runAmend(text: string, options: AmendOptions, ctx: Context): Promise<void> {
  const { sessionNoteCreateSchema } = await inputSchemas();
  await checkSoapSource(options, ctx);
  const original = await fetchNote(ctx, text);
  const id = shortId(original.id);
  // The service refuses this too, but only after the amendment has been written in the editor.
  if (!original.signed_at) {
    throw new CommandError(`Note ${id} is not signed, so it cannot be amended.`, `Change it (\`practice note update ${id}\`), or sign it first (\`practice note sign ${id}\`) and then amend it.`);
  }
  const { parts, draftFile } = await readSoap(options, ctx, original);
  const created = await keepingDraft(ctx, draftFile, (file) => `practice note amend ${original.id} --draft ${file}`, async () => {
    const amendment = checkInput(sessionNoteCreateSchema, {
      id: crypto.randomUUID(),
      client_id: original.client_id,
      appointment_id: original.appointment_id ?? undefined,
      amends_id: original.id,
      ...writtenParts(parts),
    }, FLAG_OF);
    const [row] = await (await ctx.api()).insert<SessionNote>('sessions', amendment);
    return row!;
  });
  await reportCreated(ctx, `Wrote amendment ${shortId(created.id)} of note ${id}.`, created, COLUMNS, options);
}
