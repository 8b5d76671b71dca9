// `practice note delete <note>`: removes a note that is not signed yet (a draft written by mistake).
// A signed note is part of the record: the service refuses (409). Asks first, or needs --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, yesOption } from '../shared/confirm.js';
import { deleteRowById } from '../shared/delete.js';
import { reportChange } from '../shared/report.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT, unlessSigned } from './shared.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete a note that is not signed yet (a signed one is corrected with `note amend`)')
    .argument('<note>', 'id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice note delete 3f2a9c1b
  $ practice note delete 3f2a9c1b --yes --json id,subjective
`)
    .action((note: string, options: ConfirmOptions) => runDelete(note, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const deleted = await deleteRowById<SessionNote>(ctx, options.yes, text, { table: 'sessions', what: 'note', hint: NOT_FOUND_HINT, send: unlessSigned });
  await reportChange(ctx, `Deleted note ${shortId(deleted.id)}.`, deleted, COLUMNS, options);
}
