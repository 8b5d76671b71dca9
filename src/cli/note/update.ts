// `practice note update <note>`: changes an unsigned note, PATCH sessions?id=eq.<id> with the parts
// given (taken as `note add` takes them). A signed note is final: the service answers 409.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { SOAP_PARTS } from '../../model/record-values.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { amendHint } from '../shared/note-text.js';
import { reportChange } from '../shared/report.js';
import { keepingDraft } from './draft-file.js';
import { COLUMNS, fetchNote, FIELDS, NOT_FOUND_HINT, SOAP_FLAGS, unlessSigned } from './shared.js';
import { addSoapOptions, checkSoapSource, type Draft, emptyNote, type Read, readSoapChanges, type SoapOptions } from './soap-input.js';

type UpdateOptions = SoapOptions & RowOptions;

export function updateCommand(ctx: Context): Command {
  const command = new Command('update')
    .alias('edit')
    .description('Change a note that is not signed yet (a signed one is corrected with `note amend`)')
    .argument('<note>', 'id or id prefix');
  addSoapOptions(command)
    .addHelpText('before', `Examples:
  $ practice note update 3f2a9c1b -P "Heat, stretches, and see again in two weeks"
  $ practice note update 3f2a9c1b --edit
  $ practice note update 3f2a9c1b --draft note.md --edit
  $ echo '{"objective": null}' | practice note update 3f2a9c1b
`)
    .action((note: string, options: UpdateOptions) => runUpdate(note, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runUpdate(text: string, options: UpdateOptions, ctx: Context): Promise<void> {
  const { sessionNoteUpdateSchema } = await inputSchemas();
  const check = (changes: Draft) => checkInput(sessionNoteUpdateSchema, changes, SOAP_FLAGS);
  // Flags and stdin are checked before any request; the editor needs the note as stored first.
  const typed = await checkSoapSource(options, ctx);
  let given: Read<Draft> | undefined;
  if (!typed) {
    given = await readSoapChanges(options, ctx);
    check(given.parts);
  }
  const note = await fetchNote(ctx, text);
  // The service refuses this too, but only after the note has been rewritten in the editor.
  if (typed && note.signed_at) throw new CommandError(`Note ${shortId(note.id)} is signed and can no longer be changed.`, amendHint(note.id));
  const { parts, draftFile } = given ?? await readSoapChanges(options, ctx, note);
  const updated = await keepingDraft(ctx, draftFile, (file) => `practice note update ${note.id} --draft ${file}`, async () => {
    const changes = check(parts);
    // Parts cleared (null) must leave one written: the service would refuse an empty note.
    if (!SOAP_PARTS.some((part) => (changes[part] === undefined ? note[part] : changes[part]))) throw emptyNote();
    const request = (await ctx.api()).update<SessionNote>('sessions', query<SessionNote>().eq('id', note.id), changes);
    const [row] = await unlessSigned(note.id, request);
    if (!row) throw new CommandError(`Note ${shortId(note.id)} was not found.`, NOT_FOUND_HINT);
    return row;
  });
  await reportChange(ctx, `Updated note ${shortId(note.id)}.`, updated, COLUMNS, options);
}
