// `practice hours set <days> <spec>`: replaces the opening hours of one day or several (DELETE those
// days' rows, then POST the new ones); `closed` leaves them without rows. Split shifts are one row
// per interval. Future bookings the new hours leave outside are listed (they stay booked).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Appointment, BusinessHours, BusinessHoursCreate } from '../../model/records.js';
import { dayOfWeek, type DayOfWeek, type OpeningInterval, parseDaysOfWeek, parseHoursSpec, parseTimeOfDay, todayIn } from '../../model/when.js';
import { BOOKED_STATUSES } from '../../model/appointment-status.js';
import { describeAppointment } from '../shared/appointment-line.js';
import type { Context } from '../context.js';
import { parseFlag, practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { HOURS_FIELDS, hoursSpec, printHours } from './shared.js';

export function setCommand(ctx: Context): Command {
  const command = new Command('set')
    .description('Replace the opening hours of a day or several (intervals for split shifts, or closed)')
    .argument('<days>', 'monday..sunday or mon..sun, ranges like mon-fri, lists like sat,sun, weekdays, weekend')
    .argument('<spec>', 'comma-separated open-close intervals like 09:00-12:00,13:00-17:00, or closed')
    .addHelpText('before', `Examples:
  $ practice hours set monday 09:00-12:00,13:00-17:00
  $ practice hours set mon-fri 9am-5pm
  $ practice hours set sat 10am-2pm --json
  $ practice hours set weekend closed
`)
    .addHelpText('after', `
--json and --format print the days set in the shape of \`hours show\`: a row per interval
(day_of_week, open_time, close_time), a closed day as one row with both times null.
Bookings ahead that the new hours leave outside are listed; they stay booked.`)
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
  ctx.out.success(`${days.map(capitalised).join(', ')}: ${hoursSpec(intervals)}.`);
  if (options.json || options.format) await printHours(ctx, stored, options, days);
  const outside = await bookedOutside(ctx, days, intervals);
  if (outside.length > 0) {
    ctx.out.warn(`Booked ahead outside the new hours (kept; \`practice appt reschedule\` or \`appt cancel\` them):\n${outside.map((row) => `  ${describeAppointment(row)}`).join('\n')}`);
  }
}

/** Scheduled or confirmed appointments from today on, on `days`, not inside one of `intervals`. */
async function bookedOutside(ctx: Context, days: readonly DayOfWeek[], intervals: readonly OpeningInterval[]): Promise<Appointment[]> {
  const today = todayIn(ctx.now(), await practiceTimeZone(ctx));
  const ahead = await readRows<Appointment>(await ctx.api(), 'appointments', query<Appointment>()
    .gte('date', today).in('status', BOOKED_STATUSES).order('date').order('start_time'));
  return ahead.filter((row) => days.includes(dayOfWeek(row.date))
    && !intervals.some((open) => open.open_time <= parseTimeOfDay(row.start_time) && parseTimeOfDay(row.end_time) <= open.close_time));
}

function capitalised(day: string): string {
  return `${day[0]!.toUpperCase()}${day.slice(1)}`;
}
