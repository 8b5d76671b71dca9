// The reminder window, `--within 24h`: from now to now plus a span, compared on the practice's clock
// as `YYYY-MM-DD HH:MM`, the way appointments are stored.
import { dateTimeIn } from '../../model/when.js';
import { UsageError } from '../errors.js';

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 24 * 60 };

/** `90m`, `24h`, `2d` in minutes; a week at most (a reminder further ahead is not a reminder). */
export function parseWithin(text: string): number {
  const match = /^(\d+)\s*([mhd])$/.exec(text.trim().toLowerCase());
  const minutes = match ? Number(match[1]) * UNIT_MINUTES[match[2]!]! : NaN;
  if (!(minutes >= 1 && minutes <= 7 * 24 * 60)) throw new UsageError(`--within: expected a span like 90m, 24h or 2d, up to 7d; got '${text}'`);
  return minutes;
}

export interface Window {
  /** Exclusive: an appointment that has started is past reminding. */
  from: string;
  /** Inclusive. */
  to: string;
}

export function windowFrom(now: Date, minutes: number, timeZone: string): Window {
  return { from: dateTimeIn(now, timeZone), to: dateTimeIn(new Date(now.getTime() + minutes * 60_000), timeZone) };
}
