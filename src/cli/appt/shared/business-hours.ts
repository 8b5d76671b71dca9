// Whether a booking falls inside the practice's opening hours and outside its closures: the database's
// series check (`series_check`, migration 12) of one occurrence. A practice with no hours at all has
// no opinion; once it has any, a day without a row is closed (DESIGN.md section 3). Advice, not a rule
// the service enforces: concerns.ts asks about it.
import type { ApiClient } from '../../../core/api-client.js';
import { dayOfWeek } from '../../../model/when.js';
import type { Concern } from './concern.js';
import { checkSeries } from '../series/conflicts.js';

/** The concern when start-end on `date` is in a closure, on a closed day or outside the opening hours; one request. */
export async function hoursConcern(api: ApiClient, date: string, start: string, end: string): Promise<Concern | null> {
  // Overlaps are the service's own refusal, with its own message: only the advice is read here.
  const found = (await checkSeries(api, [{ date, start_time: start, end_time: end }], null)).find((row) => row.kind !== 'overlap');
  if (!found) return null;
  const day = dayOfWeek(date);
  if (found.kind === 'closure') {
    const why = found.reason.replace(/^closed(: )?/, '');
    return { label: 'a closure', warning: `${start}-${end} on ${day} ${date} falls in time off${why ? ` (${why})` : ''}.` };
  }
  if (found.opening === null) {
    return { label: 'a closed day', warning: `${start}-${end} on ${day} ${date} is outside business hours (closed on ${day}s).` };
  }
  return { label: 'outside business hours', warning: `${start}-${end} on ${day} ${date} is outside business hours (${found.opening}).` };
}
