// How long ago, as typed: `2d`, `36h`, `8w`. Whole hours, days or weeks; `--lapsed` takes days or weeks.
import { InvalidInputError } from '../model/errors.js';

const AGE = /^(\d{1,5})\s*(h|d|w)$/;
const HOURS = { h: 1, d: 24, w: 24 * 7 } as const;

/** An age in hours: `36h` -> 36, `2d` -> 48, `1w` -> 168. */
export function parseAgeHours(text: string): number {
  const match = AGE.exec(text.trim().toLowerCase());
  if (match === null) throw new InvalidInputError(`expected an age like 2d, 36h or 1w; got '${text}'`);
  return Number(match[1]) * HOURS[match[2] as keyof typeof HOURS];
}

/** An age in whole days: `60d` -> 60, `8w` -> 56; hours are refused. */
export function parseAgeDays(text: string): number {
  const hours = parseAgeHours(text);
  if (/h$/i.test(text.trim())) throw new InvalidInputError(`expected days or weeks like 60d or 8w; got '${text}'`);
  return hours / 24;
}
