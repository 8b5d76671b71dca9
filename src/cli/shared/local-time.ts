// A moment as a person reads it: on the practice's clock (the profile's zone), never as the stored
// UTC text ("2026-11-27T01:29:34.747+00:00").
import { dateTimeIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { practiceTimeZone } from './input.js';

/** `at` as `2026-11-27 02:29 (Europe/Berlin)`, in the zone of the profile the command runs under. */
export async function localTime(ctx: Context, at: Date | string): Promise<string> {
  const timeZone = await practiceTimeZone(ctx);
  return `${dateTimeIn(new Date(at), timeZone)} (${timeZone})`;
}
