// A report by day, week or month is a series: every interval of the period gets a row, empty ones
// too, so a chart shows the quiet weeks as well as the busy ones.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { weekOf } from '../model/when.js';
import type { Period } from './period.js';

dayjs.extend(utc);

const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

export function isInterval(text: string): text is Interval {
  return (INTERVALS as readonly string[]).includes(text);
}

/** The interval a day falls in: the day itself, the Monday its week starts on, or YYYY-MM. */
export function intervalOf(date: string, interval: Interval): string {
  if (interval === 'day') return date;
  if (interval === 'week') return weekOf(date)[0]!;
  return date.slice(0, 7);
}

/** Every interval that meets the period, in order. */
export function intervalsOf(period: Period, interval: Interval): string[] {
  const keys: string[] = [];
  const first = intervalOf(period.from, interval);
  const last = intervalOf(period.to, interval);
  for (let at = dayjs.utc(interval === 'month' ? `${first}-01` : first); ; at = at.add(1, interval)) {
    const key = intervalOf(at.format('YYYY-MM-DD'), interval);
    if (key > last) return keys;
    keys.push(key);
  }
}

/**
 * A map from each key to a fresh accumulator: the period's intervals for a series (so every one is
 * present, in order), otherwise filled as keys turn up.
 */
export class Groups<Total> {
  private readonly totals = new Map<string, Total>();

  constructor(private readonly fresh: () => Total, keys: readonly string[] = []) {
    for (const key of keys) this.totals.set(key, fresh());
  }

  of(key: string): Total {
    let total = this.totals.get(key);
    if (total === undefined) this.totals.set(key, (total = this.fresh()));
    return total;
  }

  entries(): Array<[string, Total]> {
    return [...this.totals];
  }
}
