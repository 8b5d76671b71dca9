// Whether a booking falls inside the practice's opening hours. A practice with no hours at all has no
// opinion; once it has any, a day without a row is closed (DESIGN.md section 3). Advice, not a rule
// the service enforces: concerns.ts asks about it.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import type { BusinessHours } from '../../model/records.js';
import { dayOfWeek } from '../../model/when.js';
import type { Concern } from './concern.js';
import { clock } from './shared.js';

/** The part of a business-hours row a check reads. */
export type WeekHours = Pick<BusinessHours, 'day_of_week' | 'open_time' | 'close_time'>;

/** Every day's opening intervals: one read, so many bookings (a series) can be checked against it. */
export function readWeek(api: ApiClient): Promise<WeekHours[]> {
  return api.select<WeekHours>('business_hours', query<WeekHours>().select(['day_of_week', 'open_time', 'close_time']));
}

/** The concern when start-end on `date` is not inside one opening interval of its day; one read of every day's hours. */
export async function hoursConcern(api: ApiClient, date: string, start: string, end: string): Promise<Concern | null> {
  return concernInWeek(await readWeek(api), date, start, end);
}

/** hoursConcern against a week already read. */
export function concernInWeek(week: readonly WeekHours[], date: string, start: string, end: string): Concern | null {
  if (week.length === 0) return null;
  const day = dayOfWeek(date);
  const hours = week.filter((open) => open.day_of_week === day);
  if (hours.length === 0) {
    return { label: 'a closed day', warning: `${start}-${end} on ${day} ${date} is outside business hours (closed on ${day}s).` };
  }
  if (hours.some((open) => clock(open.open_time) <= start && end <= clock(open.close_time))) return null;
  const opening = hours.map((open) => `${clock(open.open_time)}-${clock(open.close_time)}`).sort().join(', ');
  return { label: 'outside business hours', warning: `${start}-${end} on ${day} ${date} is outside business hours (${opening}).` };
}
