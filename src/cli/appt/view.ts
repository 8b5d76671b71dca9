// How an appointment reads in every appt command: its JSON fields, its table columns, and the one
// read that fetches a row named by id or id prefix (show, reschedule, the status verbs, delete).
import { query } from '../../core/query.js';
import type { Column } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import { dayOfWeek } from '../../model/when.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { resolveRowId } from '../shared/resolve.js';

/** An appointment as the service returns it; a backend of INTERFACE.md alone may lack the later fields. */
export interface Appointment {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  status: string;
  client_id: string;
  client_name: string | null;
  service_id: string | null;
  therapist_id: string;
  notes: string | null;
  /** Kept at booking (our service copies the service's): later price changes leave the booking as it was. */
  price?: number | null;
  /** Minutes kept free after it, likewise kept at booking. */
  buffer_minutes?: number;
  /** The recurring series it was booked in (series.ts), and that series' RFC 5545 rule. */
  series_id?: string | null;
  recurrence?: string | null;
  created_at?: string;
  updated_at?: string;
}

export const FIELDS = ['id', 'date', 'start_time', 'end_time', 'status', 'client_id', 'client_name', 'service_id', 'price', 'buffer_minutes', 'series_id', 'recurrence', 'therapist_id', 'notes', 'created_at', 'updated_at'];

/** HH:MM whether the backend says 09:00 (ours) or 09:00:00 (PostgreSQL's own text). */
export const clock = (time: string) => time.slice(0, 5);

export const COLUMNS: Column<Appointment>[] = [
  { key: 'id', format: shortId },
  { key: 'date' },
  { key: 'start_time', header: 'START', format: clock },
  { key: 'end_time', header: 'END', format: clock },
  { key: 'client_name', header: 'CLIENT', format: (name, row) => name ?? shortId(row.client_id) },
  { key: 'status' },
  { key: 'notes', format: (notes) => notes ?? '' },
];

/** A day as headings and messages name it: `Tuesday 2026-11-24`. */
export function dayName(date: string): string {
  const day = dayOfWeek(date);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} ${date}`;
}

/** One line for messages: `3f2a9c1b Ann Lee, 2026-11-23 09:00-10:00 (scheduled)`. */
export function describe(appointment: Appointment): string {
  const who = appointment.client_name ?? shortId(appointment.client_id);
  return `${shortId(appointment.id)} ${who}, ${appointment.date} ${clock(appointment.start_time)}-${clock(appointment.end_time)} (${appointment.status})`;
}

/** The appointment `text` names (a uuid or a unique prefix); a failure when there is none. */
export async function fetchAppointment(ctx: Context, text: string): Promise<Appointment> {
  const id = await resolveRowId(ctx, 'appointments', text);
  const [row] = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>().eq('id', id));
  if (!row) throw new CommandError(`No appointment has the id ${id}.`, 'See `practice appt list` for ids.');
  return row;
}
