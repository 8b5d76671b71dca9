// Whether a booking falls inside the practice's opening hours. A practice with no hours at all has no
// opinion; once it has any, a day without a row is closed (DESIGN.md section 3). Advice, not a rule
// the service enforces: concerns.ts asks about it.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query.js';
import { dayOfWeek } from '../../model/when.js';
import type { Concern } from './concerns.js';
import { clock } from './view.js';

export interface Hours {
  day_of_week: string;
  open_time: string;
  close_time: string;
}

/** Every day's opening intervals: one read, so many bookings (a series) can be checked against it. */
export function readWeek(api: ApiClient): Promise<Hours[]> {
  return api.select<Hours>('business_hours', query<Hours>().select(['day_of_week', 'open_time', 'close_time']));
}

/** The concern when start-end on `date` is not inside one opening interval of its day; one read of every day's hours. */
export async function hoursConcern(api: ApiClient, date: string, start: string, end: string): Promise<Concern | null> {
  return concernInWeek(await readWeek(api), date, start, end);
}

/** hoursConcern against a week already read. */
export function concernInWeek(week: readonly Hours[], date: string, start: string, end: string): Concern | null {
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
