// What makes a booking or a status change worth a second thought (DESIGN.md section 3): outside the
// business hours or on a closed day, an archived client, a retired service, a visit not started yet.
// Each is a warning, then one question on a terminal; elsewhere a refusal unless --yes, as a delete.
import { query } from '../../../core/query-builder.js';
import type { Appointment, Client, Service } from '../../../model/records.js';
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { confirmation } from '../../shared/confirm.js';
import { practiceTimeZone } from '../../shared/input.js';
import { hoursConcern } from './business-hours.js';
import type { Concern } from './concern.js';
import { clock, describe } from './appointment.js';

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

/** The concern when `appointment` starts after now, on the practice's clock. */
export async function notStartedConcern(ctx: Context, appointment: Appointment): Promise<Concern | null> {
  const timeZone = await practiceTimeZone(ctx);
  const now = dateTimeIn(ctx.now(), timeZone);
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
