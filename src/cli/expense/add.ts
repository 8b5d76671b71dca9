// `practice expense add`: logs one expense, POST expenses with a client-chosen id (a retried request
// cannot log it twice). The date defaults to today in the practice's time zone.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Expense } from '../../model/records.js';
import type { Context } from '../context.js';
import { reportCreated } from '../shared/report.js';
import { addExpenseFlags, COLUMNS, describeExpense, expenseBody, type ExpenseFlags, FIELDS } from './shared.js';
import { inputSchemas } from '../shared/input.js';

export type AddOptions = ExpenseFlags & RowOptions;

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Log an expense; prints the new id')
    .addHelpText('before', `Examples:
  $ practice expense add --amount 42.50 --category supplies --vendor "Oil & Co" --description "Massage oil, 5 l"
  $ practice expense add --date yesterday --amount 900 --category rent
  $ id=$(practice expense add --amount 12 --category laundry)
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(addExpenseFlags(command, true), FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const { expenseCreateSchema } = await inputSchemas();
  const body = await expenseBody(ctx, expenseCreateSchema, options, { id: crypto.randomUUID() });
  const [expense] = await (await ctx.api()).insert<Expense>('expenses', body);
  await reportCreated(ctx, `Logged ${describeExpense(expense!)}.`, expense!, COLUMNS, options);
}
