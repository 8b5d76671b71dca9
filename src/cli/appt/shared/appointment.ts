// What every appt command shares about an appointment: its JSON fields, its table columns, the one
// read that fetches a row named by id or id prefix, which flag sets which field, and the booking --yes.
import type { Column, RowOptions } from '../../../core/output.js';
import { query } from '../../../core/query-builder.js';
import type { Appointment } from '../../../model/records.js';
import { shortId } from '../../../model/short-id.js';
import { dayOfWeek, parseTimeOfDay } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { CommandError } from '../../errors.js';
import { yesOption } from '../../shared/confirm.js';
import { describeAppointment } from '../../shared/appointment-line.js';
import { resolveRowId } from '../../shared/resolve.js';

export const FIELDS = ['id', 'date', 'start_time', 'end_time', 'status', 'client_id', 'client_name', 'service_id', 'price', 'buffer_minutes', 'series_id', 'recurrence', 'therapist_id', 'notes', 'created_at', 'updated_at'];

/** Which flag sets which field, so a refused field is reported under its flag. */
export const FLAG_OF: Record<string, string> = {
  date: '--date', start_time: '--start', end_time: '--end', client_id: '--client',
  service_id: '--service', status: '--status', notes: '--notes', price: '--price', buffer_minutes: '--buffer',
};

/** `--yes` of the commands that book: add, and (`changing`) reschedule and update, which may change a held visit. */
export const bookingYes = (changing = false) =>
  yesOption(`do not ask about business hours, a time in the past, an archived client${changing ? ', a retired service or a held visit' : ' or a retired service'} (needed when not at a terminal)`);

export const NOT_FOUND_HINT = 'See `practice appt list` for ids.';

/** HH:MM whether the backend says 09:00 (ours) or 09:00:00 (PostgreSQL's own text). */
export const clock = parseTimeOfDay;

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
export const describe = describeAppointment;

/** The appointment `text` names (a uuid or a unique prefix); a failure when there is none. */
export async function fetchAppointment(ctx: Context, text: string): Promise<Appointment> {
  const id = await resolveRowId(ctx, 'appointments', text);
  const [row] = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>().eq('id', id));
  if (!row) throw new CommandError(`No appointment has the id ${id}.`, NOT_FOUND_HINT);
  return row;
}

/** An appointment already as the verb would leave it: said so, and printed as asked (a re-run changes nothing). */
export async function reportAlready(ctx: Context, state: string, current: Appointment, options: RowOptions): Promise<void> {
  ctx.out.note(`Already ${state}: ${describe(current)}; nothing changed.`);
  if (options.json || options.format) await ctx.out.record(current, COLUMNS, options);
}
