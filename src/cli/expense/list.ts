// `practice expense list`: the practice's expenses, newest first (GET expenses?therapist_id=eq.<me>
// &order=date.desc), within --from/--to and of one --category, every one or the newest --limit, in
// Range pages past the service's row cap; the total of those listed goes to stderr.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { amountCents, formatCents } from '../../model/money.js';
import type { Expense } from '../../model/records.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { countOption, dayOption } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { COLUMNS, FIELDS } from './shared.js';

interface ListOptions extends RowOptions {
  from?: string;
  to?: string;
  category?: string;
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List expenses, newest first, with their total')
    .option('--from <day>', 'on or after this day: YYYY-MM-DD, today, mon, -30d')
    .option('--to <day>', 'on or before this day')
    .option('--category <category>', 'only this category')
    .option('--limit <rows>', 'at most this many expenses (the newest)')
    .addHelpText('before', `Examples:
  $ practice expense list --from 2026-01-01 --to 2026-03-31
  $ practice expense list --category supplies --json date,amount,vendor
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const from = options.from === undefined ? undefined : await dayOption(ctx, '--from', options.from);
  const to = options.to === undefined ? undefined : await dayOption(ctx, '--to', options.to);
  if (from !== undefined && to !== undefined && from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const category = options.category?.trim().toLowerCase();
  if (category === '') throw new UsageError('--category: must not be empty');
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);

  const api = await ctx.api();
  const request = query<Expense>().eq('therapist_id', await api.userId()).order('date', 'desc');
  if (from !== undefined) request.gte('date', from);
  if (to !== undefined) request.lte('date', to);
  if (category !== undefined) request.eq('category', category);
  const fields = requestedFields(options) as (keyof Expense & string)[] | null;
  // The total needs every amount, whichever fields are printed.
  if (fields) request.select(fields.includes('amount') ? fields : [...fields, 'amount']);
  const expenses = await readRows<Expense>(api, 'expenses', request, limit);
  await ctx.out.rows(expenses, COLUMNS, options, 'No expenses.');
  // In whole cents, as the P&L adds them up, so the two agree to the cent.
  const total = expenses.reduce((sum, expense) => sum + amountCents(expense.amount), 0);
  ctx.out.note(`Total ${formatCents(total)} over ${expenses.length} expense${expenses.length === 1 ? '' : 's'}.`);
}
