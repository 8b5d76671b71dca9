// `practice expense update <expense>`: changes the fields given of one expense, PATCH expenses?id=eq.<id>;
// the expense is named by id or id prefix (the ID column of `expense list`).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Expense } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { resolveRowId } from '../shared/resolve.js';
import { addExpenseFlags, COLUMNS, describeExpense, expenseBody, type ExpenseFlags, FIELDS, NOT_FOUND_HINT } from './shared.js';
import { inputSchemas } from '../shared/input.js';

type UpdateOptions = ExpenseFlags & RowOptions & { clearDescription?: boolean; clearVendor?: boolean };

export function updateCommand(ctx: Context): Command {
  const command = new Command('update')
    .alias('edit')
    .description('Change the date, amount, category, description or vendor of an expense')
    .argument('<expense>', 'its id or a unique prefix of it (the ID column of `expense list`)')
    .addHelpText('before', `Examples:
  $ practice expense update 3f2a9c1b --amount 45.50
  $ practice expense update 3f2a --date 2026-03-01 --category equipment --json
  $ practice expense update 3f2a --clear-vendor
`)
    .option('--clear-description', 'remove the description')
    .option('--clear-vendor', 'remove the vendor')
    .action((expense: string, options: UpdateOptions) => runUpdate(expense, options, ctx));
  return addOutputFlags(addExpenseFlags(command, false), FIELDS);
}

async function runUpdate(text: string, options: UpdateOptions, ctx: Context): Promise<void> {
  const { expenseUpdateSchema } = await inputSchemas();
  // Checked before the id is looked up: a bad flag sends nothing at all.
  if (options.clearDescription && options.description !== undefined) throw new UsageError('--clear-description: not with --description');
  if (options.clearVendor && options.vendor !== undefined) throw new UsageError('--clear-vendor: not with --vendor');
  const cleared = { ...(options.clearDescription ? { description: null } : {}), ...(options.clearVendor ? { vendor: null } : {}) };
  const changes = await expenseBody(ctx, expenseUpdateSchema, options, cleared);
  const id = await resolveRowId(ctx, 'expenses', text, 'expense');
  const [expense] = await (await ctx.api()).update<Expense>('expenses', query<Expense>().eq('id', id), changes);
  if (!expense) throw new CommandError(`Expense ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  await reportChange(ctx, `Updated expense ${shortId(id)}: ${describeExpense(expense)}.`, expense, COLUMNS, options);
}
