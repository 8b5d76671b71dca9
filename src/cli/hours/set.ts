// `practice hours set <days> <spec>`: replaces the opening hours of one day or several (DELETE those
// days' rows, then POST the new ones); `closed` leaves them without rows. Split shifts are one row
// per interval.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { BusinessHours, BusinessHoursCreate } from '../../model/records.js';
import { type DayOfWeek, type OpeningInterval, parseDaysOfWeek, parseHoursSpec } from '../../model/when.js';
import type { Context } from '../context.js';
import { parseFlag } from '../shared/input.js';
import { reportChangedRows } from '../shared/report.js';
import { hoursSpec } from './shared.js';

// --json prints the days' business_hours rows as stored, one per interval with its id, as every other
// write prints its rows; not `hours show`'s day view, which has no ids. A day set `closed` has no rows
// left, so it prints [] rather than the rows deleted, which would read as the day's hours.
const HOURS_FIELDS = ['id', 'day_of_week', 'open_time', 'close_time', 'therapist_id', 'created_at', 'updated_at'];
const HOURS_COLUMNS: Column<BusinessHours>[] = [{ key: 'id' }, { key: 'day_of_week' }, { key: 'open_time' }, { key: 'close_time' }];

export function setCommand(ctx: Context): Command {
  const command = new Command('set')
    .description('Replace the opening hours of a day or several (intervals for split shifts, or closed)')
    .argument('<days>', 'monday..sunday or mon..sun, ranges like mon-fri, lists like sat,sun, weekdays, weekend')
    .argument('<spec>', 'comma-separated open-close intervals like 09:00-12:00,13:00-17:00, or closed')
    .addHelpText('before', `Examples:
  $ practice hours set monday 09:00-12:00,13:00-17:00
  $ practice hours set mon-fri 9am-5pm
  $ practice hours set sat 10am-2pm --json id,open_time,close_time
  $ practice hours set weekend closed
`)
    .action((days: string, spec: string, options: RowOptions) => runSet(parseFlag('<days>', () => parseDaysOfWeek(days)), parseFlag('<spec>', () => parseHoursSpec(spec)), options, ctx));
  return addOutputFlags(command, HOURS_FIELDS);
}

async function runSet(days: DayOfWeek[], intervals: OpeningInterval[], options: RowOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const me = await api.userId();
  const removed = await api.remove<BusinessHours>('business_hours', query<BusinessHours>().eq('therapist_id', me).in('day_of_week', days));
  const rows: BusinessHoursCreate[] = days.flatMap((day) => intervals.map((interval) => ({ id: crypto.randomUUID(), day_of_week: day, ...interval })));
  let stored: BusinessHours[] = [];
  try {
    if (rows.length > 0) stored = await api.insert<BusinessHours>('business_hours', rows);
  } catch (err) {
    // The two requests are not one transaction: put the days back as they were rather than leave them
    // closed. The first failure is the one to report; if the days stay closed, the user must know.
    if (removed.length > 0) {
      await api.insert<BusinessHours>('business_hours', removed.map(({ id, day_of_week, open_time, close_time }) => ({ id, day_of_week, open_time, close_time })))
        .catch(() => ctx.out.warn(`${days.map(capitalised).join(', ')} could not be put back and are closed now; run \`practice hours set\` again.`));
    }
    throw err;
  }
  await reportChangedRows(ctx, `${days.map(capitalised).join(', ')}: ${hoursSpec(intervals)}.`, stored, HOURS_COLUMNS, options);
}

function capitalised(day: string): string {
  return `${day[0]!.toUpperCase()}${day.slice(1)}`;
}
