// `report clients`: who came in the period (new: their first visit ever is in it; returning: they had
// come before) and who has lapsed (not seen for the lapse window and nothing booked), each with
// their last visit, visits and revenue.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { formatCents } from '../model/money.js';
import type { Period } from './period.js';
import { type BookedVisit, earnedCents } from './visits-in.js';

dayjs.extend(utc);

type ClientKind = 'new' | 'returning' | 'lapsed';

export interface ClientRow {
  client_id: string;
  client: string;
  kind: ClientKind;
  first_visit: string;
  last_visit: string;
  /** Completed visits in the period, and what they earned. */
  visits: number;
  revenue: string;
  /** Every completed visit up to the period's end, and what they earned. */
  all_visits: number;
  all_revenue: string;
}

export interface ClientsInput {
  /** Completed visits, every one up to the period's end (a client is new only if none came before). */
  visits: readonly BookedVisit[];
  period: Period;
  /** The practice's today: lapse is counted back from the period's end or today, whichever is first. */
  today: string;
  lapseDays: number;
  /** Clients with a scheduled or confirmed appointment from today on: never lapsed. */
  booked: ReadonlySet<string>;
  /** Only the lapsed clients (`--lapsed`). */
  lapsedOnly: boolean;
}

interface History {
  name: string;
  first: string;
  last: string;
  visits: number;
  cents: number;
  all: number;
  allCents: number;
}

const ORDER: Record<ClientKind, number> = { new: 0, returning: 1, lapsed: 2 };

export function clientsReport(input: ClientsInput): ClientRow[] {
  const { period } = input;
  const histories = new Map<string, History>();
  for (const visit of input.visits) {
    if (visit.status !== 'completed' || visit.date > period.to || !visit.client_id) continue;
    const history = histories.get(visit.client_id) ?? { name: visit.client_name ?? visit.client_id, first: visit.date, last: visit.date, visits: 0, cents: 0, all: 0, allCents: 0 };
    histories.set(visit.client_id, history);
    const cents = earnedCents(visit);
    if (visit.date < history.first) history.first = visit.date;
    if (visit.date > history.last) history.last = visit.date;
    history.all += 1;
    history.allCents += cents;
    if (visit.date >= period.from) {
      history.visits += 1;
      history.cents += cents;
    }
  }
  const asOf = period.to < input.today ? period.to : input.today;
  const lapsedBy = dayjs.utc(asOf).subtract(input.lapseDays, 'day').format('YYYY-MM-DD');
  const rows: ClientRow[] = [];
  for (const [id, history] of histories) {
    const kind: ClientKind | null = history.visits > 0
      ? (history.first >= period.from ? 'new' : 'returning')
      : history.last <= lapsedBy && !input.booked.has(id) ? 'lapsed' : null;
    if (kind === null || (input.lapsedOnly && kind !== 'lapsed')) continue;
    rows.push({
      client_id: id, client: history.name, kind, first_visit: history.first, last_visit: history.last,
      visits: history.visits, revenue: formatCents(history.cents), all_visits: history.all, all_revenue: formatCents(history.allCents),
    });
  }
  // New, returning, lapsed; within each, the most recently seen first, then by name.
  return rows.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || b.last_visit.localeCompare(a.last_visit) || a.client.localeCompare(b.client));
}
