// `practice report pnl`: profit and loss, revenue less expenses by category, by month or as a
// statement by category; `--format csv` writes the accountant's file, one row per month x category.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { amountCents } from '../../model/money.js';
import { type ExpenseIn, PNL_GROUPINGS, type PnlCategoryRow, type PnlGrouping, type PnlLedgerRow, type PnlMonthRow, ProfitAndLoss } from '../../reports/pnl.js';
import { hasNoPrice } from '../../reports/visits-in.js';
import type { Context } from '../context.js';
import { readRanged } from '../shared/read-ranged.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { noteUnpriced, readVisits, within } from './reads.js';

interface PnlOptions extends PeriodOptions, RowOptions {
  by: PnlGrouping;
}

const FIELDS = ['month', 'kind', 'category', 'revenue', 'expenses', 'net', 'amount'];

const MONTH_COLUMNS: Column<PnlMonthRow>[] = [{ key: 'month' }, { key: 'revenue' }, { key: 'expenses' }, { key: 'net' }];
const CATEGORY_COLUMNS: Column<PnlCategoryRow>[] = [{ key: 'kind' }, { key: 'category' }, { key: 'amount' }];
const LEDGER_COLUMNS: Column<PnlLedgerRow>[] = [{ key: 'month' }, { key: 'category' }, { key: 'revenue' }, { key: 'expenses' }, { key: 'net' }];

export function pnlCommand(ctx: Context): Command {
  const command = new Command('pnl')
    .description('Profit and loss: revenue, expenses by category, and net')
    .addHelpText('before', `Examples:
  $ practice report pnl
  $ practice report pnl --year last --by category
  $ practice report pnl --year 2026 --format csv > pnl-2026.csv
  $ practice report pnl --month 2026-11 --json
`)
    .addOption(new Option('--by <grouping>', 'one row per month, or the statement by expense category').choices(PNL_GROUPINGS).default('month'))
    .action((options: PnlOptions) => runPnl(options, ctx));
  addPeriodFlags(command, 'year');
  command.addHelpText('after', `
--format csv writes the accountant's file whatever --by says: columns month,category,revenue,expenses,net,
one row per month of the period and category (revenue as "appointments", then the expense categories
by name, zeros included), then a "total" row. The same records give the same file, byte for byte.`);
  return addOutputFlags(command, FIELDS);
}

async function runPnl(options: PnlOptions, ctx: Context): Promise<void> {
  const { period } = await reportPeriod(ctx, options, 'year');
  const api = await ctx.api();
  const expenses = query<ExpenseIn>().select(['date', 'category', 'amount']).gte('date', period.from).lte('date', period.to);
  const [visits, spent] = await Promise.all([
    readVisits(ctx, { ...within(period), statuses: ['completed'], columns: ['price'] }),
    readRanged<ExpenseIn>(api, 'expenses', expenses),
  ]);
  const pnl = new ProfitAndLoss(visits, spent, period);
  if (options.format === 'csv') await ctx.out.rows(pnl.ledger(), LEDGER_COLUMNS, options);
  else if (options.by === 'category') await ctx.out.rows(pnl.byCategory(), CATEGORY_COLUMNS, options);
  else {
    const rows = pnl.byMonth();
    const bars = rows.map((row) => ({ label: row.month, value: amountCents(row.net), text: row.net }));
    await printSeries(ctx, rows, MONTH_COLUMNS, options, bars);
  }
  noteUnpriced(ctx, visits.filter(hasNoPrice).length);
}
