// `practice note delete <note>`: removes a note that is not signed yet (a draft written by mistake).
// A signed note is part of the record: the service refuses (409). Asks first, or needs --yes.
import { Command } from 'commander';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { deleteRowById } from '../shared/delete.js';
import { NOT_FOUND_HINT, unlessSigned } from './stored.js';

export function deleteCommand(ctx: Context): Command {
  return new Command('delete')
    .alias('rm')
    .description('Delete a note that is not signed yet (a signed one is corrected with `note amend`)')
    .argument('<note>', 'id or id prefix')
    .option('-y, --yes', 'do not ask for confirmation (needed when not at a terminal)')
    .addHelpText('before', `Examples:
  $ practice note delete 3f2a9c1b
  $ practice note delete 3f2a9c1b --yes
`)
    .action((note: string, options: { yes?: boolean }) => runDelete(note, options, ctx));
}

export async function runDelete(text: string, options: { yes?: boolean }, ctx: Context): Promise<void> {
  const deleted = await deleteRowById<SessionNote>(ctx, options.yes, text, { table: 'sessions', what: 'note', hint: NOT_FOUND_HINT, send: unlessSigned });
  ctx.out.success(`Deleted note ${shortId(deleted.id)}.`);
}
