// What makes a booking or a status change worth a second thought (DESIGN.md section 3): outside the
// business hours or on a closed day, an archived client, a retired service, a start in the past, a
// visit not started yet. Each is a warning, then one question on a terminal; elsewhere a refusal
// unless --yes, as a delete.
import type { ApiClient } from '../../../core/api-client.js';
import { query } from '../../../core/query-builder.js';
import type { Appointment, Client, Service } from '../../../model/records.js';
import { dateTimeIn, dayOfWeek } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { confirmation } from '../../shared/confirm.js';
import { practiceTimeZone } from '../../shared/input.js';
import { checkSeries } from './series-check.js';
import { clock, describe } from './appointment.js';

/** One thing about a booking worth a second thought, as every check here reports it. */
export interface Concern {
  /** What the refusal names when nobody can answer: `outside business hours`. */
  label: string;
  /** The warning that explains it. */
  warning: string;
}

/** What a booking, or a change of one, sets; only what is given is checked. */
export interface Booking {
  when?: { date: string; start: string; end: string } | undefined;
  clientId?: string | undefined;
  serviceId?: string | undefined;
}

/** A booking's concerns, the reads side by side: every day's hours, the client's status, the service's. */
export async function bookingConcerns(ctx: Context, { when, clientId, serviceId }: Booking): Promise<Concern[]> {
  const api = await ctx.api();
  const found = await Promise.all([
    when && hoursConcern(api, when.date, when.start, when.end),
    clientId && api.select<Client>('clients', query<Client>().eq('id', clientId).select(['name', 'status'])).then(([client]) =>
      client?.status === 'inactive' ? { label: 'an archived client', warning: `${client.name} is an archived client.` } : null),
    serviceId && api.select<Service>('service_menu', query<Service>().eq('id', serviceId).select(['name', 'active'])).then(([service]) =>
      service?.active === false ? { label: 'a retired service', warning: `${service.name} is a retired service.` } : null),
  ]);
  return found.filter((concern): concern is Concern => Boolean(concern));
}

/**
 * Whether a booking falls inside the practice's opening hours and outside its closures: the database's
 * series check (`series_check`, migration 12) of one occurrence. A practice with no hours at all has
 * no opinion; once it has any, a day without a row is closed (DESIGN.md section 3). Advice, not a
 * rule the service enforces. One request.
 */
async function hoursConcern(api: ApiClient, date: string, start: string, end: string): Promise<Concern | null> {
  // Overlaps are the service's own refusal, with its own message: only the advice is read here.
  const found = (await checkSeries(api, [{ date, start_time: start, end_time: end }], null)).find((row) => row.kind !== 'overlap');
  if (!found) return null;
  const day = dayOfWeek(date);
  if (found.kind === 'closure') {
    const why = found.reason.replace(/^closed(: )?/, '');
    return { label: 'a closure', warning: `${start}-${end} on ${day} ${date} falls in time off${why ? ` (${why})` : ''}.` };
  }
  if (found.opening === null) {
    return { label: 'a closed day', warning: `${start}-${end} on ${day} ${date} is outside business hours (closed on ${day}s).` };
  }
  return { label: 'outside business hours', warning: `${start}-${end} on ${day} ${date} is outside business hours (${found.opening}).` };
}

/** The practice's time zone and its clock now, `YYYY-MM-DD HH:MM`. */
async function practiceNow(ctx: Context): Promise<{ timeZone: string; now: string }> {
  const timeZone = await practiceTimeZone(ctx);
  return { timeZone, now: dateTimeIn(ctx.now(), timeZone) };
}

/**
 * The concern when a booking starts before now (`appt add --date yesterday`), usually a typo for a
 * day ahead; recording a visit that was held is `--status completed`, which is not asked about.
 */
export async function pastConcern(ctx: Context, when: { date: string; start: string; end: string }, status: string | undefined): Promise<Concern | null> {
  if (status === 'completed') return null;
  const { timeZone, now } = await practiceNow(ctx);
  if (`${when.date} ${when.start}` >= now) return null;
  return {
    label: 'in the past',
    warning: `${when.date} ${when.start}-${when.end} is in the past (it is ${now} in ${timeZone}); to record a visit that was held, pass --status completed.`,
  };
}

/** The concern when `appointment` starts after now, on the practice's clock. */
export async function notStartedConcern(ctx: Context, appointment: Appointment): Promise<Concern | null> {
  const { timeZone, now } = await practiceNow(ctx);
  if (`${appointment.date} ${clock(appointment.start_time)}` <= now) return null;
  return { label: 'not started yet', warning: `${describe(appointment)} has not started yet (it is ${now} in ${timeZone}).` };
}

/**
 * Each concern as a warning, then `question` once on a terminal; elsewhere, without `yes`, a usage
 * error naming them (exit 2, nothing sent). `action` words the refusal: `Booking an appointment`.
 */
export async function confirmConcerns(ctx: Context, yes: boolean | undefined, concerns: readonly Concern[], action: string, question: string): Promise<void> {
  if (concerns.length === 0) return;
  for (const concern of concerns) ctx.out.warn(concern.warning);
  await confirmation(ctx, yes, `${action} (${concerns.map((concern) => concern.label).join('; ')})`)(question);
}
