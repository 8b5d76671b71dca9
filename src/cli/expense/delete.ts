// `practice expense delete <expense>`: removes an expense logged by mistake, DELETE expenses?id=eq.<id>.
// Asks first, or needs --yes when nobody can be asked.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Expense } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, yesOption } from '../shared/confirm.js';
import { deleteRowById } from '../shared/delete.js';
import { reportChange } from '../shared/report.js';
import { COLUMNS, describeExpense, FIELDS, NOT_FOUND_HINT } from './shared.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete an expense')
    .argument('<expense>', 'its id or a unique prefix of it (the ID column of `expense list`)')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice expense delete 3f2a9c1b
  $ practice expense delete 3f2a --yes --json id,amount,category
`)
    .action((expense: string, options: ConfirmOptions) => runDelete(expense, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const deleted = await deleteRowById<Expense>(ctx, options.yes, text, { table: 'expenses', what: 'expense', hint: NOT_FOUND_HINT });
  await reportChange(ctx, `Deleted expense ${shortId(deleted.id)}: ${describeExpense(deleted)}.`, deleted, COLUMNS, options);
}
