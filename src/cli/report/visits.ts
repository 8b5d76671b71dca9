// `practice report visits`: visits (completed appointments), no-shows and cancellations with their
// rates, by month, week, day or service.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { isInterval } from '../../reports/series.js';
import { VISIT_GROUPINGS, type VisitGrouping, type VisitRow, visitsReport } from '../../reports/visits.js';
import type { Context } from '../context.js';
import { printSeries } from './chart.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';
import { readVisits, serviceNames, within } from './reads.js';

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
  const [visits, names] = await Promise.all([
    readVisits(ctx, { ...within(period), statuses: ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'], columns: by === 'service' ? ['service_id'] : [] }),
    by === 'service' ? serviceNames(ctx) : undefined,
  ]);
  const { rows, total } = visitsReport({ visits, period, by, serviceNames: names });
  const columns: Column<VisitRow>[] = [
    { key: by }, { key: 'booked' }, { key: 'visits' }, { key: 'no_show', header: 'NO-SHOW' }, { key: 'cancelled' },
    { key: 'no_show_rate', header: 'NO-SHOW RATE', format: rate }, { key: 'cancellation_rate', header: 'CANCEL RATE', format: rate },
  ];
  const bars = isInterval(by) ? rows.map((row) => ({ label: String(row[by]), value: row.visits, text: String(row.visits) })) : null;
  await printSeries(ctx, rows, columns, options, bars);
  ctx.out.note(`${total.visits} visit${total.visits === 1 ? '' : 's'} of ${total.booked} booked (${period.from} to ${period.to}); no-show rate ${rate(total.no_show_rate) || '-'}, cancellation rate ${rate(total.cancellation_rate) || '-'}.`);
}
