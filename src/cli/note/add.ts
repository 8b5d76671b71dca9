// `practice note add`: a SOAP note for a client, optionally tied to one of their appointments.
// A note given as flags or JSON is checked before any request, so an empty or malformed one sends
// nothing; one typed (editor, prompts) is asked for after the client and appointment, and kept in a
// draft file until it is written.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { yesOption } from '../shared/confirm.js';
import { confirmNoteOfVisit } from '../shared/note-of-visit.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { resolveClient, resolveRowId } from '../shared/resolve.js';
import { keepingDraft } from './draft-file.js';
import { COLUMNS, FIELDS, FLAG_OF } from './shared.js';
import { addSoapOptions, checkSoapSource, readSoap, type SoapOptions, writtenParts } from './soap-input.js';

export interface AddOptions extends SoapOptions, RowOptions {
  client: string;
  appointment?: string;
  yes?: boolean;
}

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Write a SOAP note for a client; prints the new id')
    .requiredOption('--client <client>', 'name, id or id prefix')
    .option('--appointment <id>', 'the appointment the note is of (id or id prefix)')
    .addOption(yesOption('write a note of a cancelled, missed or future appointment without asking (needed when not at a terminal)'));
  addSoapOptions(command)
    .addHelpText('before', `Examples:
  $ practice note add --client "Ann Lee" -S "Low back pain, 4/10" -P "Heat, stretches"
  $ practice note add --client ann --appointment 3f2a9c1b --edit
  $ id=$(practice note add --client ann --edit)
  $ practice note add --client ann --draft ~/.local/state/practice/drafts/note-2026-11-24T19-00-00-000Z-1a2b3c.md
  $ echo '{"subjective": "Better", "plan": "Same again"}' | practice note add --client ann
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const { sessionNoteCreateSchema } = await inputSchemas();
  const typed = await checkSoapSource(options, ctx);
  const given = typed ? undefined : await readSoap(options, ctx);
  const client = await resolveClient(ctx, options.client);
  const appointment = options.appointment === undefined ? undefined : await resolveRowId(ctx, 'appointments', options.appointment, '--appointment');
  if (appointment !== undefined) await confirmNoteOfVisit(ctx, options.yes, appointment);
  const { parts, draftFile } = given ?? await readSoap(options, ctx);
  const again = (file: string) => `practice note add --client ${client.id}${appointment === undefined ? '' : ` --appointment ${appointment}`} --draft ${file}`;
  const created = await keepingDraft(ctx, draftFile, again, async () => {
    const note = checkInput(sessionNoteCreateSchema, { id: crypto.randomUUID(), client_id: client.id, appointment_id: appointment, ...writtenParts(parts) }, FLAG_OF);
    const [row] = await (await ctx.api()).insert<SessionNote>('sessions', note);
    return row!;
  });
  await reportCreated(ctx, `Wrote note ${shortId(created.id)} for ${client.name}.`, created, COLUMNS, options);
}
