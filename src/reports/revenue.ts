// `report revenue`: completed appointments times their kept price, grouped by interval, service or
// client, with the cancelled and no-show appointments of each group counted beside them.
import { formatCents } from '../model/money.js';
import type { Period } from './period.js';
import { Groups, type Interval, intervalOf, intervalsOf, isInterval } from './series.js';
import { type BookedVisit, earnedCents, hasNoPrice } from './visits-in.js';

export const REVENUE_GROUPINGS = ['day', 'week', 'month', 'service', 'client'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];

export interface RevenueTotals {
  completed: number;
  /** Exact, two decimals. */
  revenue: string;
  cancelled: number;
  no_show: number;
  /** Completed appointments with no kept price, counted as 0. */
  no_price: number;
}

export type RevenueRow = Record<string, string | number> & RevenueTotals;

interface Tally {
  completed: number;
  cents: number;
  cancelled: number;
  no_show: number;
  no_price: number;
}

const emptyTally = (): Tally => ({ completed: 0, cents: 0, cancelled: 0, no_show: 0, no_price: 0 });

function count(tally: Tally, visit: BookedVisit): void {
  if (visit.status === 'completed') {
    tally.completed += 1;
    tally.cents += earnedCents(visit);
    if (hasNoPrice(visit)) tally.no_price += 1;
  } else if (visit.status === 'cancelled') tally.cancelled += 1;
  else if (visit.status === 'no_show') tally.no_show += 1;
}

const totalsOf = ({ cents, ...counts }: Tally): RevenueTotals => ({
  completed: counts.completed, revenue: formatCents(cents), cancelled: counts.cancelled, no_show: counts.no_show, no_price: counts.no_price,
});

export interface RevenueInput {
  visits: readonly BookedVisit[];
  period: Period;
  by: RevenueGrouping;
  /** Service id -> name, for `by: 'service'`. */
  serviceNames?: ReadonlyMap<string, string>;
}

/** Which group a visit falls in, and the group's name: its interval, its service, or its client. */
function groupOf(visit: BookedVisit, by: RevenueGrouping, serviceNames: ReadonlyMap<string, string>): [key: string, name: string] {
  if (isInterval(by)) {
    const interval = intervalOf(visit.date, by);
    return [interval, interval];
  }
  if (by === 'service') {
    if (!visit.service_id) return ['', '(no service)'];
    return [visit.service_id, serviceNames.get(visit.service_id) ?? visit.service_id];
  }
  // By id: two clients of the same name stay two rows.
  const id = visit.client_id ?? '';
  return [id, visit.client_name ?? id];
}

/**
 * One row per group, named by the grouping (`{ month: '2026-11', completed, revenue, ... }`): every
 * interval of the period for a series, else the groups that have visits, most revenue first.
 */
export function revenueReport({ visits, period, by, serviceNames = new Map() }: RevenueInput): { rows: RevenueRow[]; total: RevenueTotals } {
  const interval: Interval | null = isInterval(by) ? by : null;
  const groups = new Groups(emptyTally, interval ? intervalsOf(period, interval) : []);
  const names = new Map<string, string>();
  const all = emptyTally();
  for (const visit of visits) {
    if (visit.date < period.from || visit.date > period.to) continue;
    const [key, name] = groupOf(visit, by, serviceNames);
    names.set(key, name);
    count(groups.of(key), visit);
    count(all, visit);
  }
  const named = groups.entries().map(([key, tally]) => [names.get(key) ?? key, tally] as const);
  if (!interval) named.sort(([a, x], [b, y]) => y.cents - x.cents || y.completed - x.completed || a.localeCompare(b));
  return { rows: named.map(([name, tally]) => ({ [by]: name, ...totalsOf(tally) }) as RevenueRow), total: totalsOf(all) };
}
