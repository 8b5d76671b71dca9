// `practice report visits`: visits (completed appointments), no-shows and cancellations with their
// rates, by month, week, day or service: the database's `visits_report` (migration 12), presented.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { isInterval, readReport, sumOf } from './reads.js';

const VISIT_GROUPINGS = ['day', 'week', 'month', 'service'] as const;
type VisitGrouping = (typeof VISIT_GROUPINGS)[number];

interface Counts { booked: number; visits: number; no_show: number; cancelled: number; no_show_rate: number | null; cancellation_rate: number | null }
/** A row of visits_report: the group's key (an interval or a service id) and its name. */
type Answer = Counts & { key: string; label: string };
type VisitRow = Record<string, string | number | null> & Counts;

interface VisitsOptions extends PeriodOptions, RowOptions {
  by: VisitGrouping;
}

const FIELDS = [...VISIT_GROUPINGS, 'booked', 'visits', 'no_show', 'cancelled', 'no_show_rate', 'cancellation_rate'];
const rate = (value: unknown) => (value === null ? '' : `${Number(value).toFixed(1)}%`);

export function visitsCommand(ctx: Context): Command {
  const command = new Command('visits')
    .description('Visits, no-show rate and cancellation rate by month or service')
    .addHelpText('before', `Examples:
  $ practice report visits --year 2026
  $ practice report visits --year 2026 --by service
  $ practice report visits --month last --by week --json
`)
    .addOption(new Option('--by <grouping>', 'one row per month, week, day or service').choices(VISIT_GROUPINGS).default('month'))
    .action((options: VisitsOptions) => runVisits(options, ctx));
  addPeriodFlags(command, 'month');
  command.addHelpText('after', `
booked counts every appointment in the period, whatever its status; the no-show rate is no-shows over
the appointments that were due (visits + no-shows), the cancellation rate cancellations over booked;
rates are percent with one decimal (JSON: a number, or null when there is nothing to divide by).`);
  return addOutputFlags(command, FIELDS);
}

async function runVisits(options: VisitsOptions, ctx: Context): Promise<void> {
  const { period } = await reportPeriod(ctx, options, 'month');
  const by = options.by;
  const answer = await readReport<Answer>(ctx, 'visits_report', period, { group_by: by });
  // Rates arrive as numerics (JSON numbers, or text from another backend): numbers, as the JSON says.
  const percent = (value: number | string | null) => (value === null ? null : Number(value));
  const rows: VisitRow[] = answer.map(({ key: _key, label, ...counts }) => (
    { [by]: label, ...counts, no_show_rate: percent(counts.no_show_rate), cancellation_rate: percent(counts.cancellation_rate) }));
  const columns: Column<VisitRow>[] = [
    { key: by }, { key: 'booked' }, { key: 'visits' }, { key: 'no_show', header: 'NO-SHOW' }, { key: 'cancelled' },
    { key: 'no_show_rate', header: 'NO-SHOW RATE', format: rate }, { key: 'cancellation_rate', header: 'CANCEL RATE', format: rate },
  ];
  const bars = isInterval(by) ? rows.map((row) => ({ label: String(row[by]), value: row.visits, text: String(row.visits) })) : null;
  await printSeries(ctx, rows, columns, options, bars);
  const visits = sumOf(rows, (row) => row.visits);
  ctx.out.note(`${visits} visit${visits === 1 ? '' : 's'} of ${sumOf(rows, (row) => row.booked)} booked (${period.from} to ${period.to}).`);
}
