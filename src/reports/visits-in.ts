// The appointments a report reads, as few of their fields as it needs, and what one of them earned:
// the price kept on the appointment at booking (never the service's price today).
import { amountCents } from '../model/money.js';

export interface BookedVisit {
  date: string;
  status: string;
  /** Kept at booking; null on an appointment made before prices were kept, or by a backend without them. */
  price?: number | string | null;
  id?: string;
  service_id?: string | null;
  client_id?: string;
  client_name?: string | null;
}

/** Cents a completed visit earned; an appointment without a price counts 0 (reports flag them). */
export function earnedCents(visit: BookedVisit): number {
  return visit.price === null || visit.price === undefined ? 0 : amountCents(visit.price);
}

export const hasNoPrice = (visit: BookedVisit) => visit.price === null || visit.price === undefined;
