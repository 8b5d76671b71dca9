// `practice report revenue`: completed appointments times the price kept on each, with the cancelled
// and no-show ones counted beside them, by day, week, month, service or client.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { amountCents } from '../../model/money.js';
import { isInterval } from '../../reports/series.js';
import { REVENUE_GROUPINGS, type RevenueGrouping, type RevenueRow, revenueReport } from '../../reports/revenue.js';
import type { Context } from '../context.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { noteUnpriced, readVisits, serviceNames, within } from './reads.js';

interface RevenueOptions extends PeriodOptions, RowOptions {
  by: RevenueGrouping;
}

const FIELDS = [...REVENUE_GROUPINGS, 'completed', 'revenue', 'cancelled', 'no_show', 'no_price'];

export function revenueCommand(ctx: Context): Command {
  const command = new Command('revenue')
    .description('Revenue from completed appointments at their kept price, with cancellations and no-shows')
    .addHelpText('before', `Examples:
  $ practice report revenue
  $ practice report revenue --month last --by week
  $ practice report revenue --year 2026 --by service --format csv > services-2026.csv
  $ practice report revenue --from 2026-11-01 --to 2026-11-15 --by client --json
`)
    .addOption(new Option('--by <grouping>', 'one row per day, week (from Monday), month, service or client').choices(REVENUE_GROUPINGS).default('day'))
    .action((options: RevenueOptions) => runRevenue(options, ctx));
  addPeriodFlags(command, 'month');
  command.addHelpText('after', '\nThe total goes to stderr; a series (by day, week or month) is drawn as a bar chart on a terminal.');
  return addOutputFlags(command, FIELDS);
}

async function runRevenue(options: RevenueOptions, ctx: Context): Promise<void> {
  const { period } = await reportPeriod(ctx, options, 'month');
  const by = options.by;
  const [visits, names] = await Promise.all([
    readVisits(ctx, {
      ...within(period), statuses: ['completed', 'cancelled', 'no_show'],
      columns: ['price', ...(by === 'service' ? ['service_id' as const] : by === 'client' ? ['client_id' as const, 'client_name' as const] : [])],
    }),
    by === 'service' ? serviceNames(ctx) : undefined,
  ]);
  const { rows, total } = revenueReport({ visits, period, by, serviceNames: names });
  const columns: Column<RevenueRow>[] = [
    { key: by }, { key: 'completed' }, { key: 'revenue' }, { key: 'cancelled' }, { key: 'no_show', header: 'NO-SHOW' }, { key: 'no_price', header: 'NO PRICE' },
  ];
  const bars = isInterval(by) ? rows.map((row) => ({ label: String(row[by]), value: amountCents(row.revenue), text: row.revenue })) : null;
  await printSeries(ctx, rows, columns, options, bars);
  ctx.out.note(`Total ${total.revenue} from ${total.completed} completed appointment${total.completed === 1 ? '' : 's'} (${period.from} to ${period.to}); ${total.cancelled} cancelled, ${total.no_show} no-show.`);
  noteUnpriced(ctx, total.no_price);
}
