// What stands in the way of each day of a series, found before anything is booked: an appointment it
// would overlap (buffers counted, as the service's overlap rule counts them), a closed day, a time
// outside the opening hours. Three reads, whatever the length of the series.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import type { Appointment, Service } from '../../model/records.js';
import { readRanged } from '../shared/read-ranged.js';
import { concernInWeek, readWeek } from './business-hours.js';
import { clock, describe } from './shared.js';

/** One day of a series as it will be booked. */
export interface Occurrence {
  date: string;
  start_time: string;
  end_time: string;
}

export interface Conflict {
  date: string;
  /** `overlap` is always refused; the others are advice that --yes accepts, as for one booking. */
  kind: 'overlap' | 'hours';
  reason: string;
}

const MINUTES_PER_DAY = 24 * 60;

// Minutes since 1970-01-01 on the practice's clock: date + time as a timestamp, so a buffer past
// midnight runs into the next day, as in the database's rule.
function minuteOf(date: string, time: string): number {
  const [hours, minutes] = clock(time).split(':').map(Number);
  return (Date.parse(`${date}T00:00:00Z`) / 60000) + hours! * 60 + minutes!;
}

function occupied(date: string, start: string, end: string, buffer: number): [number, number] {
  return [minuteOf(date, start), minuteOf(date, end) + buffer];
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - MINUTES_PER_DAY * 60000).toISOString().slice(0, 10);
}

/**
 * The conflicts of `occurrences`, in date order; `serviceId` gives the buffer each of them keeps.
 * `moving` names appointments that are the occurrences themselves, at their old times (a reschedule).
 */
export async function seriesConflicts(api: ApiClient, occurrences: readonly Occurrence[], serviceId: string | null | undefined, moving: ReadonlySet<string> = new Set()): Promise<Conflict[]> {
  const dates = occurrences.map((occurrence) => occurrence.date);
  // The day before too: a late booking's buffer may run past midnight.
  const days = [...new Set(dates.flatMap((date) => [dayBefore(date), date]))];
  const [week, booked, service] = await Promise.all([
    readWeek(api),
    // Every page: a busy practice has more bookings on a year of days than one response holds.
    readRanged<Appointment>(api, 'appointments', query<Appointment>()
      .in('date', days)
      .not.in('status', ['cancelled', 'no_show'])
      .select(['id', 'date', 'start_time', 'end_time', 'buffer_minutes', 'client_id', 'client_name', 'status'])
      .order('date').order('start_time')),
    !serviceId ? [] : api.select<Service>('service_menu', query<Service>().eq('id', serviceId).select(['buffer_minutes'])),
  ]);
  const buffer = service[0]?.buffer_minutes ?? 0;
  // Each booking's span once, not once per day of the series.
  const spans = booked.filter((row) => !moving.has(row.id))
    .map((row) => ({ row, span: occupied(row.date, row.start_time, row.end_time, row.buffer_minutes ?? 0) }));
  const conflicts: Conflict[] = [];
  for (const { date, start_time, end_time } of occurrences) {
    const [start, end] = occupied(date, start_time, end_time, buffer);
    const other = spans.find(({ span: [otherStart, otherEnd] }) => start < otherEnd && otherStart < end)?.row;
    if (other) conflicts.push({ date, kind: 'overlap', reason: `overlaps ${describe(other)}` });
    const hours = concernInWeek(week, date, start_time, end_time);
    if (hours) conflicts.push({ date, kind: 'hours', reason: hours.label });
  }
  return conflicts;
}

/** The conflicts as lines for a message, one a day: `  2027-09-21: overlaps ...`. */
export function byDate(conflicts: readonly Conflict[]): string {
  return conflicts.map((conflict) => `  ${conflict.date}: ${conflict.reason}`).join('\n');
}
