// What `practice remind` has to say: a reminder for each scheduled or confirmed appointment starting
// inside the window with none sent yet (an archived client gets none), and a notice for each visit
// whose client was told a time that no longer holds: moved (changed) or cancelled. A request from the
// booking page gets a notice that it arrived, then one that it was accepted or declined (the answer alone
// when the practice answered before any run told the client it arrived). Reads: the window's
// appointments, the reminder rows of those and of every visit announced from today on, the
// appointments behind them, their clients and services. What is read here only proposes; the claim
// (claim.ts) decides.
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import type { Appointment, Client, Service } from '../../model/records.js';
import { type HeldRequest, holdExpired } from '../../model/request-hold.js';
import { parseTimeOfDay } from '../../model/when.js';
import { readByIds } from '../shared/read-by-ids.js';
import { readRanged } from '../shared/read-ranged.js';
import type { ReminderKind, ReminderRow } from '../shared/reminder-row.js';
import { chainOf, lastTold } from '../shared/told.js';
import type { Window } from './window.js';

const OPEN = ['scheduled', 'confirmed'];

interface Moment {
  date: string;
  time: string;
}

/** A message to send, with what the text and a sending command need. */
export interface Due {
  kind: ReminderKind;
  appointment: Appointment;
  client: Pick<Client, 'id' | 'name' | 'phone' | 'email'>;
  service: string | null;
  /** The visit the message names: its day and start, or for a cancellation the one cancelled. */
  announced: Moment;
  /** For a change, the time the client was told before; null otherwise. */
  previous: Moment | null;
  /** The message a notice follows; null for a first reminder. */
  follows: string | null;
  /** The earlier attempt at this message that failed, to be claimed again; undefined when there was none. */
  failed: ReminderRow | undefined;
}

export interface DueReport {
  due: Due[];
  /** Claimed by a run that has not said sent or failed: running now, or stopped halfway. */
  unfinished: Array<{ appointment: Appointment; since: string }>;
}

const momentOf = (row: ReminderRow): Moment => ({ date: row.announced_date, time: parseTimeOfDay(row.announced_start) });
const startOf = (appointment: Appointment): Moment => ({ date: appointment.date, time: parseTimeOfDay(appointment.start_time) });
const after = (moment: Moment, now: string) => `${moment.date} ${moment.time}` > now;

/** The notice the client of `appointment` is owed, having been told `told`; null when what they know holds. */
function noticeFor(told: ReminderRow, appointment: Appointment, now: string): Pick<Due, 'kind' | 'announced' | 'previous'> | null {
  const before = momentOf(told);
  const closed = told.kind === 'cancelled' || told.kind === 'declined';
  if (appointment.status === 'cancelled') {
    if (closed || !after(before, now)) return null;
    // A request turned down (or lost when its hold expired) is declined; a booking is cancelled.
    return { kind: told.kind === 'requested' ? 'declined' : 'cancelled', announced: before, previous: null };
  }
  if (!OPEN.includes(appointment.status)) return null;
  const current = startOf(appointment);
  if (told.kind === 'requested') return after(current, now) ? { kind: 'accepted', announced: current, previous: null } : null;
  const moved = closed || before.date !== current.date || before.time !== current.time;
  return moved && after(current, now) ? { kind: 'changed', announced: current, previous: closed ? null : before } : null;
}

/** An appointment as migrations 20 and 25 add to it: a request's hold and the practice's answer to it. */
type Booked = HeldRequest & { request_answer?: 'accepted' | 'declined' | null };

/** A request from the booking page whose client has not heard of it yet: still held (migration 20). */
const heldRequest = (appointment: Booked, now: Date) => appointment.status === 'requested' && !holdExpired(appointment, now);

/** The answer owed to a client told nothing of their request yet, while its visit is ahead; null when none. */
function untoldAnswer(appointment: Booked, now: string): 'accepted' | 'declined' | null {
  if (!after(startOf(appointment), now)) return null;
  if (appointment.request_answer === 'accepted' && OPEN.includes(appointment.status)) return 'accepted';
  if (appointment.request_answer === 'declined' && appointment.status === 'cancelled') return 'declined';
  return null;
}

/** Requests answered from `fromDate` on; none from a service whose database predates migration 25. */
async function answeredRequests(api: ApiClient, fromDate: string): Promise<Booked[]> {
  try {
    return await readRanged<Booked>(api, 'appointments', query<Booked>().in('request_answer', ['accepted', 'declined']).gte('date', fromDate).order('date').order('start_time'));
  } catch (err) {
    // 42703: no such column, so no answer was ever kept there.
    if (err instanceof ApiError && err.code === '42703') return [];
    throw err;
  }
}

export async function dueReminders(api: ApiClient, window: Window, now: Date): Promise<DueReport> {
  const [fromDate, toDate] = [window.from.slice(0, 10), window.to.slice(0, 10)];
  const inWindow = (await readRanged<Appointment>(api, 'appointments', query<Appointment>()
    .gte('date', fromDate).lte('date', toDate).in('status', OPEN).order('date').order('start_time')))
    .filter((row) => {
      const starts = `${row.date} ${parseTimeOfDay(row.start_time)}`;
      return starts > window.from && starts <= window.to;
    });
  const [windowRows, announcedRows] = await Promise.all([
    readByIds<ReminderRow>(api, 'reminders', 'appointment_id', inWindow.map((row) => row.id)),
    readRanged<ReminderRow>(api, 'reminders', query<ReminderRow>().gte('announced_date', fromDate)),
  ]);
  const knownIds = new Set(inWindow.map((row) => row.id));
  const toldOnly = [...new Set(announcedRows.map((row) => row.appointment_id))].filter((id) => !knownIds.has(id));
  // Requests from the booking page nobody has told their client of yet, whatever the window.
  const untoldRequests = [
    ...await readRanged<Appointment>(api, 'appointments', query<Appointment>().eq('status', 'requested').gte('date', fromDate).order('date').order('start_time')),
    ...(await answeredRequests(api, fromDate)).filter((row) => !knownIds.has(row.id)),
  ].filter((row) => !toldOnly.includes(row.id));
  // Every row of the announced visits' chains: a chain may hold rows announcing an earlier day.
  const [others, chainRows] = await Promise.all([
    readByIds<Appointment>(api, 'appointments', 'id', toldOnly),
    readByIds<ReminderRow>(api, 'reminders', 'appointment_id', toldOnly),
  ]);
  const appointments = [...inWindow, ...others, ...untoldRequests];
  if (appointments.length === 0) return { due: [], unfinished: [] };
  const rowsOf = new Map<string, Map<string, ReminderRow>>();
  for (const row of [...windowRows, ...chainRows]) {
    const rows = rowsOf.get(row.appointment_id) ?? new Map<string, ReminderRow>();
    rowsOf.set(row.appointment_id, rows.set(row.id, row));
  }
  const clientIds = [...new Set(appointments.map((row) => row.client_id))];
  const serviceIds = [...new Set(appointments.flatMap((row) => (row.service_id ? [row.service_id] : [])))];
  const [clients, services] = await Promise.all([
    readByIds<Client>(api, 'clients', 'id', clientIds, (request) => request.select(['id', 'name', 'phone', 'email', 'status'])),
    readByIds<Service>(api, 'service_menu', 'id', serviceIds, (request) => request.select(['id', 'name'])),
  ]);
  const clientOf = new Map(clients.map((client) => [client.id, client]));
  const serviceOf = new Map(services.map((service) => [service.id, service.name]));

  const report: DueReport = { due: [], unfinished: [] };
  for (const appointment of appointments) {
    const client = clientOf.get(appointment.client_id);
    if (!client) continue;
    const chain = chainOf([...(rowsOf.get(appointment.id)?.values() ?? [])]);
    const tail = chain.at(-1);
    if (tail?.state === 'claimed') {
      report.unfinished.push({ appointment, since: tail.updated_at });
      continue;
    }
    const told = lastTold(chain);
    const service = appointment.service_id ? (serviceOf.get(appointment.service_id) ?? null) : null;
    const retried = tail?.state === 'failed' ? tail : undefined;
    if (told === undefined) {
      if (client.status === 'inactive') continue;
      // Not told anything yet: that a request arrived, the answer to it, or the first reminder when the visit is in the window.
      const kind = heldRequest(appointment, now) ? 'requested' : untoldAnswer(appointment, window.from) ?? (knownIds.has(appointment.id) ? 'reminder' : null);
      if (kind) report.due.push({ kind, appointment, client, service, announced: startOf(appointment), previous: null, follows: null, failed: retried });
      continue;
    }
    const notice = noticeFor(told, appointment, window.from);
    if (notice) report.due.push({ ...notice, appointment, client, service, follows: told.id, failed: retried });
    // An accepted request's reminder follows what the client was told last, once, in the window.
    else if ((chain[0]?.kind === 'requested' || chain[0]?.kind === 'accepted') && told.kind !== 'requested' && knownIds.has(appointment.id) && client.status !== 'inactive'
      && !chain.some((row) => row.kind === 'reminder')) {
      report.due.push({ kind: 'reminder', appointment, client, service, announced: startOf(appointment), previous: null, follows: told.id, failed: retried });
    }
  }
  return report;
}
