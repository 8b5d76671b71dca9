// Which appointments are due a reminder: scheduled or confirmed, starting inside the window, and with
// no reminder sent or being sent. Three reads: the window's appointments, their clients, their
// reminders. What is read here only proposes; the claim (claim.ts) decides.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import type { Appointment, Client, Service } from '../../model/records.js';
import { readRanged } from '../shared/read-ranged.js';
import { parseTimeOfDay } from '../../model/when.js';
import type { Window } from './window.js';

type ReminderState = 'claimed' | 'sent' | 'failed';

/** A reminder row as the service keeps it (migration 0005). */
export interface ReminderRow {
  id: string;
  appointment_id: string;
  client_id: string;
  channel: string;
  message: string;
  state: ReminderState;
  error: string | null;
  updated_at: string;
}

/** An appointment to remind, with what the message and a sending command need. */
export interface Due {
  appointment: Appointment;
  client: Pick<Client, 'id' | 'name' | 'phone' | 'email'>;
  service: string | null;
  /** The earlier reminder that failed, to be claimed again; undefined when there was none. */
  failed: ReminderRow | undefined;
}

export interface DueReport {
  due: Due[];
  /** Claimed by a run that has not said sent or failed: running now, or stopped halfway. */
  unfinished: Array<{ appointment: Appointment; since: string }>;
}

export async function dueReminders(api: ApiClient, window: Window): Promise<DueReport> {
  const [fromDate, toDate] = [window.from.slice(0, 10), window.to.slice(0, 10)];
  const appointments = (await readRanged<Appointment>(api, 'appointments', query<Appointment>()
    .gte('date', fromDate).lte('date', toDate)
    .in('status', ['scheduled', 'confirmed'])
    .order('date').order('start_time')))
    .filter((row) => {
      const starts = `${row.date} ${parseTimeOfDay(row.start_time)}`;
      return starts > window.from && starts <= window.to;
    });
  if (appointments.length === 0) return { due: [], unfinished: [] };
  const clientIds = [...new Set(appointments.map((row) => row.client_id))];
  const serviceIds = [...new Set(appointments.flatMap((row) => (row.service_id ? [row.service_id] : [])))];
  const [clients, services, reminders] = await Promise.all([
    api.select<Client>('clients', query<Client>().in('id', clientIds).select(['id', 'name', 'phone', 'email'])),
    serviceIds.length === 0 ? [] : api.select<Service>('service_menu', query<Service>().in('id', serviceIds).select(['id', 'name'])),
    api.select<ReminderRow>('reminders', query<ReminderRow>().in('appointment_id', appointments.map((row) => row.id))),
  ]);
  const clientOf = new Map(clients.map((client) => [client.id, client]));
  const serviceOf = new Map(services.map((service) => [service.id, service.name]));
  const reminderOf = new Map(reminders.map((reminder) => [reminder.appointment_id, reminder]));
  const report: DueReport = { due: [], unfinished: [] };
  for (const appointment of appointments) {
    const reminder = reminderOf.get(appointment.id);
    const client = clientOf.get(appointment.client_id);
    if (reminder?.state === 'sent' || !client) continue;
    if (reminder?.state === 'claimed') report.unfinished.push({ appointment, since: reminder.updated_at });
    else report.due.push({ appointment, client, service: appointment.service_id ? (serviceOf.get(appointment.service_id) ?? null) : null, failed: reminder });
  }
  return report;
}
