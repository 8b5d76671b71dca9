// Time off (issue 27): a closure is a stretch of local wall-clock time, `YYYY-MM-DDTHH:MM` in the
// practice's zone like appointments' date and times, from its first closed moment to the first moment
// open again. Whole days end at the next midnight, so `2026-12-24..2026-12-26` ends 2026-12-27T00:00.
import { addDays, parseTimeOfDay, TIME_OF_DAY } from './when.js';
import { InvalidInputError } from './errors.js';

/** A closure as the service returns it (migration 10). */
export interface Closure {
  id: string;
  starts_at: string;
  ends_at: string;
  reason: string | null;
  therapist_id?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface ClosedSpan {
  starts_at: string;
  ends_at: string;
}

/** The written form of a closure before its days are resolved: `<day>`, `<day>..<day>`, `<day> 13:00-17:00`. */
export interface ClosureWords {
  from: string;
  to: string;
  hours: { start: string; end: string } | null;
}

const SPEC_FORM = "expected a day (2026-12-24), a range of days (2026-12-24..2026-12-26) or part of a day (2026-12-31 13:00-17:00)";

/** Splits what `hours close` was given into its days and hours; the days are resolved by the caller. */
export function parseClosureWords(text: string): ClosureWords {
  const [days = '', hours, ...rest] = text.trim().split(/\s+/);
  if (days === '' || rest.length > 0) throw new InvalidInputError(`${SPEC_FORM}; got '${text}'`);
  const [from = '', to, ...more] = days.split('..');
  if (from === '' || to === '' || more.length > 0) throw new InvalidInputError(`${SPEC_FORM}; got '${text}'`);
  if (hours === undefined) return { from, to: to ?? from, hours: null };
  if (to !== undefined) throw new InvalidInputError(`part of a day takes one day, not a range; got '${text}'`);
  const [start = '', end = '', ...extra] = hours.split('-');
  if (extra.length > 0) throw new InvalidInputError(`${SPEC_FORM}; got '${text}'`);
  const span = { start: parseTimeOfDay(start), end: parseTimeOfDay(end) };
  if (span.end <= span.start) throw new InvalidInputError(`${hours} ends before it starts`);
  return { from, to: from, hours: span };
}

/** The span of resolved days (`from`..`to`, both closed) or of part of one day. */
export function closedSpan(from: string, to: string, hours: ClosureWords['hours']): ClosedSpan {
  if (to < from) throw new InvalidInputError(`${to} is before ${from}; give the first day first`);
  if (hours !== null) return { starts_at: `${from}T${hours.start}`, ends_at: `${from}T${hours.end}` };
  return { starts_at: `${from}T00:00`, ends_at: `${addDays(to, 1)}T00:00` };
}

/** `2026-12-24T00:00:00` (the service's text for a timestamp) or `2026-12-24 00:00` as `2026-12-24T00:00`. */
export function localMoment(text: string): string {
  return `${text.slice(0, 10)}T${text.slice(11, 16)}`;
}

/** How a person reads a span: `2026-12-24 to 2026-12-26`, `2026-12-24`, or `2026-12-31 13:00-17:00`. */
export function describeSpan(span: ClosedSpan): string {
  const [startDay, startTime] = localMoment(span.starts_at).split('T') as [string, string];
  const [endDay, endTime] = localMoment(span.ends_at).split('T') as [string, string];
  if (startTime === '00:00' && endTime === '00:00') {
    const last = addDays(endDay, -1);
    return last === startDay ? startDay : `${startDay} to ${last}`;
  }
  if (startDay === endDay) return `${startDay} ${startTime}-${endTime}`;
  return `${startDay} ${startTime} to ${endDay} ${endTime}`;
}

/** Whether a booking `date` start-end (HH:MM) overlaps the span. */
export function overlapsSpan(span: ClosedSpan, date: string, start: string, end: string): boolean {
  if (!TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end)) return false;
  return `${date}T${start}` < localMoment(span.ends_at) && localMoment(span.starts_at) < `${date}T${end}`;
}

/** The part of `date` the span closes: `all day`, or `13:00-17:00`; null when it closes none of it. */
export function closedPartOf(span: ClosedSpan, date: string): string | null {
  const [dayStart, dayEnd] = [`${date}T00:00`, `${addDays(date, 1)}T00:00`];
  const [from, to] = [localMoment(span.starts_at), localMoment(span.ends_at)];
  if (to <= dayStart || from >= dayEnd) return null;
  if (from <= dayStart && to >= dayEnd) return 'all day';
  const start = from <= dayStart ? '00:00' : from.slice(11);
  const end = to >= dayEnd ? '24:00' : to.slice(11);
  return `${start}-${end}`;
}
