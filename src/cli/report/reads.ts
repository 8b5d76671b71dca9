// The reads reports share: appointments of a period with only the columns a report uses, filtered by
// date and status on the server, and the service menu's names. Every read pages past the row cap.
import { query } from '../../core/query-builder.js';
import type { AppointmentStatus } from '../../model/appointment-status.js';
import type { Service } from '../../model/records.js';
import type { Period } from '../../reports/period.js';
import type { BookedVisit } from '../../reports/visits-in.js';
import type { Context } from '../context.js';
import { readRanged } from '../shared/read-ranged.js';

type VisitColumn = Exclude<keyof BookedVisit, 'date' | 'status'>;

export interface VisitRead {
  /** Days to read; `from` null reads every day up to `to`, `to` null every day from `from` on. */
  from: string | null;
  to: string | null;
  statuses: readonly AppointmentStatus[];
  columns: readonly VisitColumn[];
}

/** The appointments `read` names, with date, status and its columns. */
export async function readVisits(ctx: Context, read: VisitRead): Promise<BookedVisit[]> {
  const request = query<BookedVisit>().select(['date', 'status', ...read.columns]);
  if (read.from !== null) request.gte('date', read.from);
  if (read.to !== null) request.lte('date', read.to);
  request.in('status', read.statuses);
  return readRanged<BookedVisit>(await ctx.api(), 'appointments', request);
}

/** The period's bounds for readVisits. */
export const within = (period: Period) => ({ from: period.from, to: period.to });

/** Service id -> name, for reports grouped by service. */
export async function serviceNames(ctx: Context): Promise<Map<string, string>> {
  const services = await readRanged<Pick<Service, 'id' | 'name'>>(await ctx.api(), 'service_menu', query<Service>().select(['id', 'name']));
  return new Map(services.map((service) => [service.id, service.name]));
}

/** `no price` on stderr when completed visits had no kept price and counted 0. */
export function noteUnpriced(ctx: Context, count: number): void {
  if (count > 0) ctx.out.warn(`${count} completed appointment${count === 1 ? ' has' : 's have'} no price and counted as 0.`);
}
