// `practice report pnl`: profit and loss, revenue less expenses by category: one row a month, the
// statement by category, or the accountant's ledger (every month x category, zeros included). The
// database answers (`pnl_by_month`, `pnl_by_category`, `pnl_ledger`, migration 12; with `--basis
// collected`, their overloads of migration 18, revenue being the money received less refunds);
// every format carries the same rows, and the totals go to stderr.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { amountCents, formatCents } from '../../model/money.js';
import type { Context } from '../context.js';
import { addBasisFlag, basisArguments, type BasisOptions, COLLECTED_SCHEMA_VERSION } from './basis.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { money, noteUnpriced, readReport, sumMoney, sumOf } from './reads.js';

const PNL_GROUPINGS = ['month', 'category', 'ledger'] as const;
type PnlGrouping = (typeof PNL_GROUPINGS)[number];

interface PnlOptions extends PeriodOptions, RowOptions, BasisOptions {
  by: PnlGrouping;
}

type Money = number | string;
interface MonthRow { month: string; revenue: string; expenses: string; net: string }
interface CategoryRow { kind: 'revenue' | 'expense' | 'net'; category: string; amount: string }
interface LedgerRow { month: string; category: string; revenue: string; expenses: string; net: string }

const FIELDS = ['month', 'kind', 'category', 'revenue', 'expenses', 'net', 'amount'];
const MONTH_COLUMNS: Column<MonthRow>[] = [{ key: 'month' }, { key: 'revenue' }, { key: 'expenses' }, { key: 'net' }];
const CATEGORY_COLUMNS: Column<CategoryRow>[] = [{ key: 'kind' }, { key: 'category' }, { key: 'amount' }];
const LEDGER_COLUMNS: Column<LedgerRow>[] = [{ key: 'month' }, { key: 'category' }, { key: 'revenue' }, { key: 'expenses' }, { key: 'net' }];

export function pnlCommand(ctx: Context): Command {
  const command = new Command('pnl')
    .description('Profit and loss: revenue, expenses by category, and net')
    .addHelpText('before', `Examples:
  $ practice report pnl
  $ practice report pnl --year last --by category
  $ practice report pnl --year 2026 --by ledger --format csv > pnl-2026.csv
  $ practice report pnl --month 2026-11 --json
  $ practice report pnl --year 2026 --basis collected --by ledger --format csv > pnl-2026-cash.csv
`)
    .addOption(new Option('--by <grouping>', 'one row per month, the statement by expense category, or the ledger of month x category').choices(PNL_GROUPINGS).default('month'))
    .action((options: PnlOptions) => runPnl(options, ctx));
  addPeriodFlags(command, 'year');
  addBasisFlag(command);
  command.addHelpText('after', `
Every format (table, --json, --format csv|ndjson) carries the same rows for a --by; the totals go to
stderr. --by ledger is the accountant's file: month,category,revenue,expenses,net, one row per month
of the period and category (revenue as "appointments", then the expense categories by name, zeros
included). The same records give the same file, byte for byte. --basis collected is the cash basis:
revenue is the payments received less refunds in each month (category "payments"), by the day paid.`);
  return addOutputFlags(command, FIELDS);
}

async function runPnl(options: PnlOptions, ctx: Context): Promise<void> {
  const { period } = await reportPeriod(ctx, options, 'year');
  const read = async <Row>(name: string) => readReport<Row>(ctx, name, period, await basisArguments(ctx, options.basis),
    options.basis === 'collected' ? COLLECTED_SCHEMA_VERSION : undefined);
  let unpriced: number;
  let totals: { revenue: string; expenses: string };
  if (options.by === 'category') {
    const answer = await read<{ kind: CategoryRow['kind']; category: string; amount: Money; no_price: number }>('pnl_by_category');
    const rows = answer.map(({ kind, category, amount }) => ({ kind, category, amount: money(amount) }));
    await ctx.out.rows(rows, CATEGORY_COLUMNS, options);
    unpriced = sumOf(answer, (row) => row.no_price);
    totals = { revenue: sumMoney(rows.filter((row) => row.kind === 'revenue').map((row) => row.amount)), expenses: sumMoney(rows.filter((row) => row.kind === 'expense').map((row) => row.amount)) };
  } else {
    const ledger = options.by === 'ledger';
    const answer = await read<{ month: string; category?: string; revenue: Money; expenses: Money; net: Money; no_price: number }>(ledger ? 'pnl_ledger' : 'pnl_by_month');
    const rows = answer.map(({ month, category, revenue, expenses, net }) => ({ month, ...(ledger ? { category: category! } : {}), revenue: money(revenue), expenses: money(expenses), net: money(net) }));
    if (ledger) await ctx.out.rows(rows as LedgerRow[], LEDGER_COLUMNS, options);
    else await printSeries(ctx, rows, MONTH_COLUMNS, options, rows.map((row) => ({ label: row.month, value: amountCents(row.net), text: row.net })));
    unpriced = sumOf(answer, (row) => row.no_price);
    totals = { revenue: sumMoney(rows.map((row) => row.revenue)), expenses: sumMoney(rows.map((row) => row.expenses)) };
  }
  const net = formatCents(amountCents(totals.revenue) - amountCents(totals.expenses));
  const basis = options.basis === 'collected' ? ' collected' : '';
  ctx.out.note(`Total revenue${basis} ${totals.revenue}, expenses ${totals.expenses}, net ${net} (${period.from} to ${period.to}).`);
  noteUnpriced(ctx, unpriced);
}
