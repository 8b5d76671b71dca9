// `practice note sign <note>`: sets signed_at, after which the service keeps the note as it is
// (changes and deletes are refused with 409; corrections are amendments). A note already signed is
// the end state asked for: exit 0, saying when it was signed and how to correct it.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { localTime } from '../shared/local-time.js';
import { amendHint } from '../shared/note-text.js';
import { reportChange } from '../shared/report.js';
import { COLUMNS, fetchNote, FIELDS, NOT_FOUND_HINT, unlessSigned } from './shared.js';

export function signCommand(ctx: Context): Command {
  const command = new Command('sign')
    .description('Sign a note: it becomes final (correct it later with `note amend`)')
    .argument('<note>', 'id or id prefix')
    .addHelpText('before', `Examples:
  $ practice note sign 3f2a9c1b
  $ practice note sign 3f2a9c1b --json id,signed_at
`)
    .action((note: string, options: RowOptions) => runSign(note, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runSign(text: string, options: RowOptions, ctx: Context): Promise<void> {
  const note = await fetchNote(ctx, text);
  if (note.signed_at) {
    ctx.out.note(`Note ${shortId(note.id)} is already signed (${await localTime(ctx, note.signed_at)}). ${amendHint(note.id)}`);
    if (options.json || options.format) await ctx.out.record(note, COLUMNS, options);
    return;
  }
  const changes = { signed_at: ctx.now().toISOString() };
  // Signed by someone else since the read: the service's 409 comes with the hint to amend.
  const [signed] = await unlessSigned(note.id, (await ctx.api()).update<SessionNote>('sessions', query<SessionNote>().eq('id', note.id), changes));
  if (!signed) throw new CommandError(`Note ${shortId(note.id)} was not found.`, NOT_FOUND_HINT);
  await reportChange(ctx, `Signed note ${shortId(note.id)} at ${await localTime(ctx, signed.signed_at!)}.`, signed, COLUMNS, options);
}
