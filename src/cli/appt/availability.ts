// The practice's free time over a range of days, as `appt slots` shows it and `appt add` books from it:
// two reads side by side (every day's hours; the bookings that block, in as few pages as the range
// needs), then src/model/free-time.ts. The days either side are read too: a buffer may cross midnight.
import { query } from '../../core/query-builder.js';
import { availability, type BookingLength, type DayAvailability, daysFrom, type Occupying, type WeeklyHours } from '../../model/free-time.js';
import { addDays, dateTimeIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { readAll } from '../shared/read-all.js';
import { practiceTimeZone } from '../shared/input.js';

/** Statuses that leave their time free (DESIGN.md section 3), as the overlap rule says. */
const NOT_BLOCKING = ['cancelled', 'no_show'];

/** The grid slots are offered on unless --step says otherwise. */
export const DEFAULT_STEP = 15;

export interface Availability {
  timeZone: string;
  /** Whether the practice has set any hours; without, every day counts as open all day. */
  hoursSet: boolean;
  days: DayAvailability[];
}

/** The hours and the blocking bookings from `from` to `to`, read once: the free time for any length. */
export async function readFreeTime(ctx: Context, from: string, to: string): Promise<(length?: BookingLength) => Availability> {
  const timeZone = await practiceTimeZone(ctx);
  const api = await ctx.api();
  const me = await api.userId();
  const [hours, booked] = await Promise.all([
    api.select<WeeklyHours>('business_hours', query<WeeklyHours & { therapist_id: string }>().eq('therapist_id', me).select(['day_of_week', 'open_time', 'close_time'])),
    readAll<Occupying>(api, 'appointments', ['date', 'start_time', 'end_time', 'buffer_minutes'], (page) => {
      page.eq('therapist_id', me).gte('date', addDays(from, -1)).lte('date', addDays(to, 1)).not.in('status', NOT_BLOCKING);
    }),
  ]);
  const input = { days: daysFrom(from, to), hours, booked, notBefore: dateTimeIn(ctx.now(), timeZone) };
  return (length) => ({ timeZone, hoursSet: hours.length > 0, days: availability(input, length) });
}

/** Each day from `from` to `to` with its free time, and with `length` its slots; today from now on. */
export async function readAvailability(ctx: Context, from: string, to: string, length?: BookingLength): Promise<Availability> {
  return (await readFreeTime(ctx, from, to))(length);
}
