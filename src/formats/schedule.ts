// What `appt export` writes for a day or a range of days: appointments joined with their service's name.
// The JSON and CSV exports are these rows in SCHEDULE_COLUMNS; the iCalendar export reads the same list.
import type { AppointmentStatus } from '../model/appointment-status.js';
import type { Appointment, Service } from '../model/records.js';
import { redactAppointment } from './redact.js';

/** An appointment with the name of its service, and the timestamps a calendar uses to order revisions. */
export interface ScheduledAppointment {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  status: AppointmentStatus;
  client_id: string;
  client_name: string | null;
  service_id: string | null;
  service_name: string | null;
  notes: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** The columns of the JSON and CSV exports, in order; the timestamps stay out of a day sheet. */
export const SCHEDULE_COLUMNS = [
  'id', 'date', 'start_time', 'end_time', 'status', 'client_id', 'client_name', 'service_id', 'service_name', 'notes',
] as const;

export type ScheduleRow = Pick<ScheduledAppointment, (typeof SCHEDULE_COLUMNS)[number]>;

/**
 * Appointments in the order of the day (date, then start time) with their services' names. A service
 * not among `services` (deleted, or not readable) leaves the name null rather than failing the export.
 */
export function toSchedule(appointments: readonly Appointment[], services: readonly Service[]): ScheduledAppointment[] {
  const serviceNames = new Map(services.map((service) => [service.id, service.name]));
  return [...appointments]
    .sort((a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time))
    .map((appointment) => ({
      id: appointment.id,
      date: appointment.date,
      start_time: appointment.start_time,
      end_time: appointment.end_time,
      status: appointment.status,
      client_id: appointment.client_id,
      client_name: appointment.client_name,
      service_id: appointment.service_id,
      service_name: appointment.service_id === null ? null : (serviceNames.get(appointment.service_id) ?? null),
      notes: appointment.notes,
      created_at: appointment.created_at,
      updated_at: appointment.updated_at,
    }));
}

/** The rows of the JSON and CSV exports: SCHEDULE_COLUMNS of each appointment, redacted when asked. */
export function scheduleRows(schedule: readonly ScheduledAppointment[], { redact }: { redact: boolean }): ScheduleRow[] {
  return schedule.map((appointment) => {
    const shown = redact ? redactAppointment(appointment) : appointment;
    return Object.fromEntries(SCHEDULE_COLUMNS.map((column) => [column, shown[column]])) as ScheduleRow;
  });
}
