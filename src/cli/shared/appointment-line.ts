// An appointment in one line, as every message names it: `3f2a9c1b Ann Lee, 2026-11-23 09:00-10:00
// (no-show)`, the status in words. Here because nouns other than appt (hours, client) list appointments too.
import { statusWord } from '../../model/appointment-status.js';
import type { Appointment } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { parseTimeOfDay } from '../../model/when.js';

export function describeAppointment(appointment: Appointment): string {
  const who = appointment.client_name ?? shortId(appointment.client_id);
  return `${shortId(appointment.id)} ${who}, ${appointment.date} ${parseTimeOfDay(appointment.start_time)}-${parseTimeOfDay(appointment.end_time)} (${statusWord(appointment.status)})`;
}
