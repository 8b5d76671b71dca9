// `practice note sign <note>`: sets signed_at, after which the service keeps the note as it is
// (changes and deletes are refused with 409; corrections are amendments).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { resolveRowId } from '../shared/resolve.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT } from './shared.js';

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
  const id = await resolveRowId(ctx, 'sessions', text, 'note');
  const changes = { signed_at: ctx.now().toISOString() };
  const [signed] = await (await ctx.api()).update<SessionNote>('sessions', query<SessionNote>().eq('id', id), changes);
  if (!signed) throw new CommandError(`Note ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  await reportChange(ctx, `Signed note ${shortId(id)} at ${signed.signed_at}.`, signed, COLUMNS, options);
}
