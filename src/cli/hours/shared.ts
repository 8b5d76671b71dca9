// What the `hours` commands share: a practice's opening hours as a week, Monday first. Scripts get one
// shape from `hours show` and `hours set` alike (--json, --format csv|ndjson): a row per opening
// interval, `{id, day_of_week, open_time, close_time}` as stored, and a closed day as one row with id
// and times null, so every day appears. People get a line a day in the form `hours set` reads back
// (`monday  09:00-12:00,13:00-17:00`, `sunday  closed`).
import type { Column, RowOptions } from '../../core/output.js';
import type { BusinessHours } from '../../model/records.js';
import { DAYS_OF_WEEK, type DayOfWeek, type OpeningInterval, parseTimeOfDay } from '../../model/when.js';
import type { Context } from '../context.js';

interface DayHours {
  day_of_week: DayOfWeek;
  hours: OpeningInterval[];
}

/** One interval of a day, or the day closed (id and times null): the rows scripts read. */
interface HoursRow {
  id: string | null;
  day_of_week: DayOfWeek;
  open_time: string | null;
  close_time: string | null;
}

export const HOURS_FIELDS = ['id', 'day_of_week', 'open_time', 'close_time'];

const HOURS_COLUMNS: Column<HoursRow>[] = HOURS_FIELDS.map((key) => ({ key: key as keyof HoursRow }));

const DAY_COLUMNS: Column<DayHours>[] = [
  { key: 'day_of_week', header: 'DAY' },
  { key: 'hours', format: (hours) => hoursSpec(hours) },
];

/** The form `hours set` takes: `09:00-12:00,13:00-17:00`, or `closed`. */
export function hoursSpec(hours: readonly OpeningInterval[]): string {
  return hours.length === 0 ? 'closed' : hours.map((interval) => `${interval.open_time}-${interval.close_time}`).join(',');
}

type StoredHours = Pick<BusinessHours, 'id' | 'day_of_week' | 'open_time' | 'close_time'>;

/** One day's rows by opening time, HH:MM:SS (a hosted PostgreSQL) read as HH:MM; a closed day's one null row. */
function dayRows(day: DayOfWeek, rows: readonly StoredHours[]): HoursRow[] {
  const open = rows
    .filter((row) => row.day_of_week === day)
    .map((row) => ({ id: row.id, day_of_week: day, open_time: parseTimeOfDay(row.open_time), close_time: parseTimeOfDay(row.close_time) }))
    .sort((a, b) => a.open_time.localeCompare(b.open_time));
  return open.length > 0 ? open : [{ id: null, day_of_week: day, open_time: null, close_time: null }];
}

/** Prints `days` (every day of the week by default) of the hours in `rows`, in the shape above. */
export async function printHours(ctx: Context, rows: readonly StoredHours[], options: RowOptions, days: readonly DayOfWeek[] = DAYS_OF_WEEK): Promise<void> {
  const week = DAYS_OF_WEEK.filter((day) => days.includes(day)).map((day) => dayRows(day, rows));
  if (options.json || options.format) return ctx.out.rows(week.flat(), HOURS_COLUMNS, options);
  const lines = week.map((intervals): DayHours => ({
    day_of_week: intervals[0]!.day_of_week,
    hours: intervals.flatMap(({ open_time, close_time }) => (open_time === null || close_time === null ? [] : [{ open_time, close_time }])),
  }));
  return ctx.out.rows(lines, DAY_COLUMNS, options);
}
