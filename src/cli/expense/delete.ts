// `practice expense delete <expense>`: removes an expense logged by mistake, DELETE expenses?id=eq.<id>.
// Asks first, or needs --yes when nobody can be asked.
import { Command } from 'commander';
import type { Expense } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { deleteRowById } from '../shared/delete.js';
import { describeExpense, NOT_FOUND_HINT } from './fields.js';

export function deleteCommand(ctx: Context): Command {
  return new Command('delete')
    .alias('rm')
    .description('Delete an expense')
    .argument('<expense>', 'its id or a unique prefix of it (the ID column of `expense list`)')
    .option('-y, --yes', 'do not ask for confirmation (needed when not at a terminal)')
    .addHelpText('before', `Examples:
  $ practice expense delete 3f2a9c1b
  $ practice expense delete 3f2a --yes
`)
    .action((expense: string, options: { yes?: boolean }) => runDelete(expense, options, ctx));
}

export async function runDelete(text: string, options: { yes?: boolean }, ctx: Context): Promise<void> {
  const deleted = await deleteRowById<Expense>(ctx, options.yes, text, { table: 'expenses', what: 'expense', hint: NOT_FOUND_HINT });
  ctx.out.success(`Deleted expense ${shortId(deleted.id)}: ${describeExpense(deleted)}.`);
}
