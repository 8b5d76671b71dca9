// The practice's free time over a range of days, as `appt slots` shows it and `appt add` books from
// it: the database's answer (`free_time`, migration 12: hours less closures, bookings with their
// buffers, and the past), in the profile's time zone from now on. Nothing is computed here.
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { callAnswer } from '../../shared/answers.js';
import { practiceTimeZone } from '../../shared/input.js';

/** The grid slots are offered on unless --step says otherwise. */
export const DEFAULT_STEP = 15;

/** From `start` up to `end` on one day, both HH:MM. */
export interface Span {
  start: string;
  end: string;
}

export interface DayAvailability {
  date: string;
  day_of_week: string;
  /** No opening hours on this day of the week. */
  closed: boolean;
  /** Time off on this day (`end` 24:00 when it runs on). */
  closures: Array<Span & { reason: string | null }>;
  /** The free time inside the hours, from now on. */
  free: Span[];
  /** With a length: each start where it fits, and the end of that visit; else absent. */
  slots?: Span[];
}

/** The `free_time` answer: what `appt slots --json` prints. */
export interface Availability {
  from: string;
  to: string;
  time_zone: string;
  service_id: string | null;
  service_name: string | null;
  duration_minutes: number | null;
  buffer_minutes: number | null;
  step_minutes: number | null;
  /** Whether the practice has set any hours; without, every day counts as open all day. */
  business_hours_set: boolean;
  days: DayAvailability[];
}

/** A booking of a service (its duration and buffer), or of a length without a buffer. */
export type BookingLength = { service: string; step: number } | { duration: number; step: number };

/** Each day from `from` to `to` with its free time, and with `length` its slots; today from now on. */
export async function readAvailability(ctx: Context, from: string, to: string, length?: BookingLength): Promise<Availability> {
  const timeZone = await practiceTimeZone(ctx);
  return callAnswer<Availability>(await ctx.api(), 'free_time', {
    day_from: from,
    day_to: to,
    not_before: dateTimeIn(ctx.now(), timeZone),
    time_zone: timeZone,
    ...(length === undefined ? {} : 'service' in length
      ? { service: length.service, step_minutes: length.step }
      : { length_minutes: length.duration, step_minutes: length.step }),
  });
}
