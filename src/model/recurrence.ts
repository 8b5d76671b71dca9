// A recurring series as the practice sees it: a repeat (`weekly`, `every 3 weeks`, `monthly`) from a
// first day, ending after a count or on a day. The rule itself is RFC 5545, expanded by the `rrule`
// library, which is imported only here and only when a series is made or named (CLI start-up).
import { InvalidInputError } from './errors.js';

/** How often, as the flag gives it. */
export interface Repeat {
  freq: 'weekly' | 'monthly';
  interval: number;
}

/** Where a series stops: after `count` occurrences, or on the last one on or before `until`. */
export type SeriesEnd = { count: number } | { until: string };

export interface SeriesRule {
  repeat: Repeat;
  end: SeriesEnd;
  /** The first occurrence's day and start, on the practice's clock. */
  firstDate: string;
  startTime: string;
  timeZone: string;
}

/** More than a year of weekly visits is a standing arrangement, better booked again each year. */
export const MAX_OCCURRENCES = 104;

const REPEAT_FORM = "expected weekly, biweekly, monthly or 'every N weeks' (N from 1 to 52)";

/** `weekly`, `biweekly`, `monthly`, `every 3 weeks` (also `every week`, `every 2 months`). */
export function parseRepeat(text: string): Repeat {
  const word = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (word === 'weekly' || word === 'every week') return { freq: 'weekly', interval: 1 };
  if (word === 'biweekly' || word === 'fortnightly') return { freq: 'weekly', interval: 2 };
  if (word === 'monthly' || word === 'every month') return { freq: 'monthly', interval: 1 };
  const every = /^every (\d+) (weeks?|months?)$/.exec(word);
  const interval = every ? Number(every[1]) : NaN;
  if (!every || interval < 1 || interval > 52) throw new InvalidInputError(`unknown repeat '${text}'; ${REPEAT_FORM}`);
  return { freq: every[2]!.startsWith('week') ? 'weekly' : 'monthly', interval };
}

// rrule computes in UTC; a practice's day and clock time are given to it as that UTC "floating"
// time, so 10:00 stays 10:00 on the practice's clock through a DST change (the rrule README's advice).
function floating(date: string, time: string): Date {
  return new Date(`${date}T${time}:00Z`);
}

async function ruleOf({ repeat, end, firstDate, startTime, timeZone }: SeriesRule, withZone: boolean) {
  const { RRule } = await import('rrule');
  return new RRule({
    freq: repeat.freq === 'weekly' ? RRule.WEEKLY : RRule.MONTHLY,
    interval: repeat.interval,
    dtstart: floating(firstDate, startTime),
    ...('count' in end ? { count: end.count } : { until: floating(end.until, '23:59') }),
    // The zone only goes into the stored text: expanding with it would move the clock time.
    ...(withZone ? { tzid: timeZone } : {}),
  });
}

/**
 * The days of the series in order, and its RFC 5545 text (`DTSTART;TZID=...:...` then `RRULE:...`).
 * A monthly series from the 31st skips the months without one, as RFC 5545 says.
 */
export async function expandSeries(rule: SeriesRule): Promise<{ dates: string[]; recurrence: string }> {
  const dates = (await ruleOf(rule, false)).all((_, index) => index < MAX_OCCURRENCES + 1).map((day) => day.toISOString().slice(0, 10));
  if (dates.length === 0) throw new InvalidInputError(`the series ends before its first day ${rule.firstDate}`);
  if (dates.length > MAX_OCCURRENCES) {
    throw new InvalidInputError(`a series has at most ${MAX_OCCURRENCES} appointments; this one would have more. Give an earlier --until or a smaller --count`);
  }
  return { dates, recurrence: (await ruleOf(rule, true)).toString() };
}

/** The stored rule in words, like `every week for 8 times`; the text itself when rrule cannot read it. */
export async function ruleInWords(recurrence: string): Promise<string> {
  const { RRule } = await import('rrule');
  try {
    return RRule.fromString(recurrence).toText();
  } catch {
    return recurrence;
  }
}

/**
 * The rule of a part of a series that was moved: the same repeat, from `firstDate` at `startTime`,
 * for `count` appointments (what remains of the series, whichever way it ended before).
 */
export function movedRule(recurrence: string, firstDate: string, startTime: string, count: number): string {
  const start = `${firstDate.replaceAll('-', '')}T${startTime.replace(':', '')}00`;
  return endedRule(recurrence.replace(/^(DTSTART(?:;TZID=[^:]+)?:)\d{8}T\d{6}Z?$/m, `$1${start}`), count);
}

/** The rule of the part of a series that stays after a split: from the same start, for `count` appointments. */
export function endedRule(recurrence: string, count: number): string {
  return recurrence.replace(/;(COUNT|UNTIL)=[^;\n]+/, `;COUNT=${count}`);
}
