// The reads reports share: appointments of a period with only the columns a report uses, filtered by
// date and status on the server, and the service menu's names. Every read pages past the row cap.
import { ApiError } from '../../core/api-error.js';
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query.js';
import type { AppointmentStatus } from '../../model/appointment-status.js';
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
  const api = await ctx.api();
  try {
    return await readAppointments(api, read, read.columns);
  } catch (err) {
    // A backend of INTERFACE.md alone keeps no price on an appointment: every visit then counts 0,
    // and the reports say how many had no price.
    if (!(err instanceof ApiError && err.code === '42703' && read.columns.includes('price') && /price/.test(err.message))) throw err;
    ctx.out.warn('This backend keeps no price on appointments; their revenue counts as 0.');
    return readAppointments(api, read, read.columns.filter((column) => column !== 'price'));
  }
}

async function readAppointments(api: ApiClient, read: VisitRead, columns: readonly VisitColumn[]): Promise<BookedVisit[]> {
  const request = query<BookedVisit>().select(['date', 'status', ...columns]);
  if (read.from !== null) request.gte('date', read.from);
  if (read.to !== null) request.lte('date', read.to);
  request.in('status', read.statuses);
  return readRanged<BookedVisit>(api, 'appointments', request);
}

/** The period's bounds for readVisits. */
export const within = (period: Period) => ({ from: period.from, to: period.to });

/** Service id -> name, for reports grouped by service. */
export async function serviceNames(ctx: Context): Promise<Map<string, string>> {
  const services = await readRanged<{ id: string; name: string }>(await ctx.api(), 'service_menu', query().select(['id', 'name']));
  return new Map(services.map((service) => [service.id, service.name]));
}

/** `no price` on stderr when completed visits had no kept price and counted 0. */
export function noteUnpriced(ctx: Context, count: number): void {
  if (count > 0) ctx.out.warn(`${count} completed appointment${count === 1 ? ' has' : 's have'} no price and counted as 0.`);
}
