// What the `hours` commands share: a practice's opening hours as a week, Monday first (business_hours
// rows grouped by day, the fields and columns of that day view), and a day written as `hours set`
// reads it (09:00-12:00,13:00-17:00 or closed), so the output can be fed back.
import type { Column } from '../../core/output.js';
import type { BusinessHours } from '../../model/records.js';
import { DAYS_OF_WEEK, type DayOfWeek, type OpeningInterval, parseTimeOfDay } from '../../model/when.js';

export interface DayHours {
  day_of_week: DayOfWeek;
  hours: OpeningInterval[];
}

export const DAY_FIELDS = ['day_of_week', 'hours'];

export const DAY_COLUMNS: Column<DayHours>[] = [
  { key: 'day_of_week', header: 'DAY' },
  { key: 'hours', format: (hours) => hoursSpec(hours) },
];

/** The form `hours set` takes: `09:00-12:00,13:00-17:00`, or `closed`. */
export function hoursSpec(hours: readonly OpeningInterval[]): string {
  return hours.length === 0 ? 'closed' : hours.map((interval) => `${interval.open_time}-${interval.close_time}`).join(',');
}

/** One day's intervals, by opening time; HH:MM:SS (a hosted PostgreSQL) is shown as HH:MM. */
function dayHours(day: DayOfWeek, rows: readonly BusinessHours[]): DayHours {
  const hours = rows
    .filter((row) => row.day_of_week === day)
    .map((row) => ({ open_time: parseTimeOfDay(row.open_time), close_time: parseTimeOfDay(row.close_time) }))
    .sort((a, b) => a.open_time.localeCompare(b.open_time));
  return { day_of_week: day, hours };
}

export function week(rows: readonly BusinessHours[]): DayHours[] {
  return DAYS_OF_WEEK.map((day) => dayHours(day, rows));
}
