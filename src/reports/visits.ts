// `report visits`: how bookings turned out, by interval or service: visits (completed), no-shows and
// cancellations, and their rates. The no-show rate is over the appointments that were due to happen
// (completed + no-show); the cancellation rate over every appointment booked in the period.
import type { Period } from './period.js';
import { Groups, type Interval, intervalOf, intervalsOf, isInterval } from './series.js';
import type { BookedVisit } from './visits-in.js';

export const VISIT_GROUPINGS = ['day', 'week', 'month', 'service'] as const;
export type VisitGrouping = (typeof VISIT_GROUPINGS)[number];

export interface VisitCounts {
  booked: number;
  visits: number;
  no_show: number;
  cancelled: number;
  /** Percent with one decimal; null when nothing was due. */
  no_show_rate: number | null;
  cancellation_rate: number | null;
}

export type VisitRow = Record<string, string | number | null> & VisitCounts;

interface Tally { booked: number; visits: number; no_show: number; cancelled: number }

const emptyTally = (): Tally => ({ booked: 0, visits: 0, no_show: 0, cancelled: 0 });

/** `part` of `whole` in percent, rounded half up to one decimal, from integers. */
function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}

function countsOf(tally: Tally): VisitCounts {
  return { ...tally, no_show_rate: percent(tally.no_show, tally.visits + tally.no_show), cancellation_rate: percent(tally.cancelled, tally.booked) };
}

function count(tally: Tally, visit: BookedVisit): void {
  tally.booked += 1;
  if (visit.status === 'completed') tally.visits += 1;
  else if (visit.status === 'no_show') tally.no_show += 1;
  else if (visit.status === 'cancelled') tally.cancelled += 1;
}

export interface VisitsInput {
  visits: readonly BookedVisit[];
  period: Period;
  by: VisitGrouping;
  serviceNames?: ReadonlyMap<string, string>;
}

export function visitsReport({ visits, period, by, serviceNames = new Map() }: VisitsInput): { rows: VisitRow[]; total: VisitCounts } {
  const interval: Interval | null = isInterval(by) ? by : null;
  const groups = new Groups(emptyTally, interval ? intervalsOf(period, interval) : []);
  const all = emptyTally();
  for (const visit of visits) {
    if (visit.date < period.from || visit.date > period.to) continue;
    const key = interval ? intervalOf(visit.date, interval)
      : visit.service_id ? (serviceNames.get(visit.service_id) ?? visit.service_id) : '(no service)';
    count(groups.of(key), visit);
    count(all, visit);
  }
  let entries = groups.entries();
  if (!interval) entries = entries.sort(([a, x], [b, y]) => y.booked - x.booked || a.localeCompare(b));
  return { rows: entries.map(([key, tally]) => ({ [by]: key, ...countsOf(tally) }) as VisitRow), total: countsOf(all) };
}
