// `practice report revenue`: completed appointments times the price kept on each, with the cancelled
// and no-show ones counted beside them, by day, week, month, service or client: the database's
// `revenue_report` (migration 12), presented. With `--basis collected`, the money received less
// refunds on the day it moved instead: `collected_revenue_report` (migration 18).
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { countOf } from '../../model/count.js';
import { amountCents } from '../../model/money.js';
import type { Period } from '../../reports/period.js';
import type { Context } from '../context.js';
import { practiceTimeZone } from '../shared/input.js';
import { addBasisFlag, type BasisOptions, COLLECTED_SCHEMA_VERSION } from './basis.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { isInterval, money, noteUnpriced, readReport, sumMoney, sumOf } from './reads.js';

const REVENUE_GROUPINGS = ['day', 'week', 'month', 'service', 'client'] as const;
type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

/** A row of revenue_report: the group's key (an interval, a service or client id) and its name. */
interface Answer { key: string; label: string; completed: number; revenue: number | string; cancelled: number; no_show: number; no_price: number }

type RevenueRow = Record<string, string | number> & { completed: number; revenue: string; cancelled: number; no_show: number; no_price: number };

/** A row of collected_revenue_report: payments received, refunds given back, and the difference. */
interface CollectedAnswer { key: string; label: string; payments: number; received: number | string; refunded: number | string; revenue: number | string }
type CollectedRow = Record<string, string | number> & { payments: number; received: string; refunded: string; revenue: string };

export interface RevenueOptions extends PeriodOptions, RowOptions, BasisOptions {
  by: RevenueGrouping;
}

const FIELDS = [...REVENUE_GROUPINGS, 'completed', 'revenue', 'cancelled', 'no_show', 'no_price', 'payments', 'received', 'refunded'];

export function revenueCommand(ctx: Context): Command {
  const command = new Command('revenue')
    .description('Revenue from completed appointments at their kept price, with cancellations and no-shows')
    .addHelpText('before', `Examples:
  $ practice report revenue
  $ practice report revenue --month last --by week
  $ practice report revenue --year 2026 --by service --format csv > services-2026.csv
  $ practice report revenue --from 2026-11-01 --to 2026-11-15 --by client --json
  $ practice report revenue --month last --basis collected --by week
`)
    .addOption(new Option('--by <grouping>', 'one row per day, week (from Monday), month, service or client').choices(REVENUE_GROUPINGS).default('day'))
    .action((options: RevenueOptions) => runRevenue(options, ctx));
  addPeriodFlags(command, 'month');
  addBasisFlag(command);
  command.addHelpText('after', `
The total goes to stderr; a series (by day, week or month) is drawn as a bar chart on a terminal.
--basis collected: payments received less refunds, each on the day it was paid, by the service of the
visit or package it paid for; a voided payment counts nowhere. Columns: payments, received, refunded, revenue.`);
  return addOutputFlags(command, FIELDS);
}

export async function runRevenue(options: RevenueOptions, ctx: Context): Promise<void> {
  const { period } = await reportPeriod(ctx, options, 'month');
  if (options.basis === 'collected') return runCollected(options, period, ctx);
  const by = options.by;
  const answer = await readReport<Answer>(ctx, 'revenue_report', period, { group_by: by });
  const rows: RevenueRow[] = answer.map(({ label, completed, revenue, cancelled, no_show, no_price }) => (
    { [by]: label, completed, revenue: money(revenue), cancelled, no_show, no_price }));
  const columns: Column<RevenueRow>[] = [
    { key: by }, { key: 'completed' }, { key: 'revenue' }, { key: 'cancelled' }, { key: 'no_show', header: 'NO-SHOW' }, { key: 'no_price', header: 'NO PRICE' },
  ];
  const bars = isInterval(by) ? rows.map((row) => ({ label: String(row[by]), value: amountCents(row.revenue), text: row.revenue })) : null;
  await printSeries(ctx, rows, columns, options, bars);
  const completed = sumOf(rows, (row) => row.completed);
  ctx.out.note(`Total ${sumMoney(rows.map((row) => row.revenue))} from ${completed} completed appointment${completed === 1 ? '' : 's'} (${period.from} to ${period.to}); ${sumOf(rows, (row) => row.cancelled)} cancelled, ${sumOf(rows, (row) => row.no_show)} no-show.`);
  noteUnpriced(ctx, sumOf(rows, (row) => row.no_price));
}

async function runCollected(options: RevenueOptions, period: Period, ctx: Context): Promise<void> {
  const by = options.by;
  const args = { group_by: by, time_zone: await practiceTimeZone(ctx) };
  const answer = await readReport<CollectedAnswer>(ctx, 'collected_revenue_report', period, args, COLLECTED_SCHEMA_VERSION);
  const rows: CollectedRow[] = answer.map(({ label, payments, received, refunded, revenue }) => (
    { [by]: label, payments, received: money(received), refunded: money(refunded), revenue: money(revenue) }));
  const columns: Column<CollectedRow>[] = [{ key: by }, { key: 'payments' }, { key: 'received' }, { key: 'refunded' }, { key: 'revenue' }];
  const bars = isInterval(by) ? rows.map((row) => ({ label: String(row[by]), value: amountCents(row.revenue), text: row.revenue })) : null;
  await printSeries(ctx, rows, columns, options, bars);
  const payments = sumOf(rows, (row) => row.payments);
  ctx.out.note(`Collected ${sumMoney(rows.map((row) => row.revenue))}: ${sumMoney(rows.map((row) => row.received))} from ${countOf(payments, 'payment')} less ${sumMoney(rows.map((row) => row.refunded))} refunded (${period.from} to ${period.to}).`);
}
