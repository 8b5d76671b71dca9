// What stands in the way of each day of a series (or of one booking: concerns.ts), found before
// anything is booked: the database's series check (`series_check`, migration 12) names an appointment
// it would overlap (buffers counted, as the overlap rule counts them), a closure, a closed day, a time
// outside the opening hours. One request, whatever the length of the series; this file only words the answer.
import type { ApiClient } from '../../../core/api-client.js';
import { statusWord } from '../../../model/appointment-status.js';
import { shortId } from '../../../model/short-id.js';
import { readAnswer } from '../../shared/answers.js';
import { clock } from './appointment.js';

/** One day of a series as it will be booked. */
export interface Occurrence {
  date: string;
  start_time: string;
  end_time: string;
}

/** A row of series_check. */
export interface Hindrance {
  date: string;
  kind: 'overlap' | 'closure' | 'hours';
  /** `overlaps`, `closed: holidays`, `a closed day`, `outside business hours`. */
  reason: string;
  /** The day's opening hours (`09:00-12:00, 13:00-17:00`) when the time is outside them. */
  opening: string | null;
  other_id: string | null;
  other_client: string | null;
  other_date: string | null;
  other_start: string | null;
  other_end: string | null;
  other_status: string | null;
}

export interface Conflict {
  date: string;
  /** `overlap` is always refused; the others are advice that --yes accepts, as for one booking. */
  kind: Hindrance['kind'];
  reason: string;
}

/** What the database finds in the way of `occurrences`, in date order. */
export function checkSeries(api: ApiClient, occurrences: readonly Occurrence[], serviceId: string | null | undefined, moving: ReadonlySet<string> = new Set()): Promise<Hindrance[]> {
  return readAnswer<Hindrance>(api, 'series_check', {
    occurrences: occurrences.map(({ date, start_time, end_time }) => ({ date, start_time: clock(start_time), end_time: clock(end_time) })),
    service: serviceId ?? null,
    moving: [...moving],
  });
}

/**
 * The conflicts of `occurrences`, in date order; `serviceId` gives the buffer each of them keeps.
 * `moving` names appointments that are the occurrences themselves, at their old times (a reschedule).
 */
export async function seriesConflicts(api: ApiClient, occurrences: readonly Occurrence[], serviceId: string | null | undefined, moving: ReadonlySet<string> = new Set()): Promise<Conflict[]> {
  return (await checkSeries(api, occurrences, serviceId, moving)).map((found) => ({
    date: found.date,
    kind: found.kind,
    reason: found.kind === 'overlap'
      ? `overlaps ${shortId(found.other_id!)} ${found.other_client}, ${found.other_date} ${found.other_start}-${found.other_end} (${statusWord(found.other_status!)})`
      : found.reason,
  }));
}

/** The conflicts as lines for a message, one a day: `  2027-09-21: overlaps ...`. */
export function byDate(conflicts: readonly Conflict[]): string {
  return conflicts.map((conflict) => `  ${conflict.date}: ${conflict.reason}`).join('\n');
}
