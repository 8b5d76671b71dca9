// A schedule as an iCalendar document (RFC 5545) that calendar apps import or subscribe to.
// Pure: the practice's time zone and the instant `now` are arguments; the text is returned, not written.
import type { AppointmentStatus } from '../model/appointment-status.js';
import { instantsIn } from '../model/time-zone.js';
import { parseTimeOfDay, TIME_OF_DAY } from '../model/when.js';
import { redactAppointment } from './redact.js';
import type { ScheduledAppointment } from './schedule.js';

export interface CalendarOptions {
  /** The practice's IANA time zone, in which appointments' dates and times are local. */
  timeZone: string;
  /** When the document is made: every event's DTSTAMP. */
  now: Date;
  /** Initials instead of client names, and no DESCRIPTION (the notes). */
  redact: boolean;
  /** The calendar's name in the apps that subscribe (X-WR-CALNAME); absent: the apps name it. */
  name?: string | undefined;
}

/**
 * Our statuses as iCalendar's three. A scheduled visit is not yet agreed, so it is tentative, and so is
 * a request waiting for the therapist; a no-show kept its slot, so, like a completed visit, it stays a
 * confirmed event in the calendar's history.
 */
export const CALENDAR_STATUS: Readonly<Record<AppointmentStatus, 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'>> = {
  requested: 'TENTATIVE',
  scheduled: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
  no_show: 'CONFIRMED',
};

/** The stable UID of an appointment's event, so a re-import updates the event instead of adding one. */
export function eventUid(appointmentId: string): string {
  return `${appointmentId}@practice`;
}

/*
 * Times are written in UTC (`DTSTART:20260329T070000Z`) rather than with a TZID. Every calendar app
 * reads UTC the same way and shows it in its user's zone, while a TZID obliges the file to carry a
 * VTIMEZONE that the apps then trust over their own zone data (Outlook and Google disagree on
 * hand-written ones). The events are single, never recurring, so nothing needs the zone's rules after
 * the conversion (src/model/time-zone.ts), which settles DST once, from the runtime's IANA data.
 */
/**
 * What an event is made of: an appointment of the schedule, without the ids of its client and service;
 * for a request from the booking page, whether its hold has run out (the slot is free to others).
 */
export type CalendarEvent = Omit<ScheduledAppointment, 'client_id' | 'service_id'> & { hold_expired?: boolean };

export function toICalendar(schedule: readonly CalendarEvent[], { timeZone, now, redact, name }: CalendarOptions): string {
  const instantAt = instantsIn(timeZone);
  const stamp = utcStamp(now);
  return calendarDocument(schedule.flatMap((appointment) => eventLines(redact ? redactAppointment(appointment) : appointment, instantAt, stamp)), name);
}

/** The calendar around its events' lines, folded, with the CRLF line ends RFC 5545 requires. */
export function calendarDocument(eventLines: readonly string[], name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//practice//practice CLI//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // Not in RFC 5545, but what Apple, Google and Thunderbird name a subscribed calendar by.
    ...(name === undefined ? [] : [`X-WR-CALNAME:${escapeText(name)}`]),
    ...eventLines,
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventLines(appointment: CalendarEvent, instantAt: (date: string, time: string) => Date, stamp: string): string[] {
  const created = instantOrNull(appointment.created_at);
  const modified = instantOrNull(appointment.updated_at);
  const status = CALENDAR_STATUS[appointment.status];
  // A request whose hold ran out holds no time: the page offers its slot to others again.
  const holdsNoTime = status === 'CANCELLED' || appointment.hold_expired === true;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(eventUid(appointment.id))}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcStamp(instantAt(appointment.date, clockTime(appointment.start_time)))}`,
    `DTEND:${utcStamp(instantAt(appointment.date, clockTime(appointment.end_time)))}`,
    `SUMMARY:${escapeText(summaryOf(appointment))}`,
    `STATUS:${status}`,
    // A cancelled visit, or a lapsed request, stays visible but no longer makes the therapist look busy.
    `TRANSP:${holdsNoTime ? 'TRANSPARENT' : 'OPAQUE'}`,
    `SEQUENCE:${sequenceOf(created, modified)}`,
    ...(created === null ? [] : [`CREATED:${utcStamp(created)}`]),
    ...(modified === null ? [] : [`LAST-MODIFIED:${utcStamp(modified)}`]),
    ...(appointment.notes === null || appointment.notes.trim() === '' ? [] : [`DESCRIPTION:${escapeText(appointment.notes)}`]),
    'END:VEVENT',
  ];
}

/** Who and what; a request from the booking page says so, so that it is not read as a booking. */
function summaryOf({ client_name, service_name, status, hold_expired }: CalendarEvent): string {
  const parts = [client_name, service_name].map((part) => part?.trim() ?? '').filter((part) => part !== '');
  const what = parts.length === 0 ? 'Appointment' : parts.join(' - ');
  if (status !== 'requested') return what;
  return `${hold_expired === true ? 'Request (hold expired)' : 'Request'}: ${what}`;
}

/*
 * SEQUENCE must grow with each revision an app should take over the copy it has. The service counts
 * no revisions, but updated_at only moves forward, so the seconds from creation to the last update
 * grow with every change, stay put while nothing changes (a daily export does not look like an edit),
 * and stay inside iCalendar's 32-bit INTEGER for 68 years.
 */
function sequenceOf(created: Date | null, modified: Date | null): number {
  if (created === null || modified === null) return 0;
  return Math.min(Math.max(0, Math.floor((modified.getTime() - created.getTime()) / 1000)), 2 ** 31 - 1);
}

function instantOrNull(timestamp: string | null): Date | null {
  if (timestamp === null) return null;
  const instant = new Date(timestamp);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function utcStamp(instant: Date): string {
  // From the fields, not toISOString and its rewriting: 3-4 times faster, and a feed writes four
  // stamps for each of ~1,700 events.
  return `${String(instant.getUTCFullYear()).padStart(4, '0')}${twoDigits(instant.getUTCMonth() + 1)}${twoDigits(instant.getUTCDate())}`
    + `T${twoDigits(instant.getUTCHours())}${twoDigits(instant.getUTCMinutes())}${twoDigits(instant.getUTCSeconds())}Z`;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** HH:MM as the service sends it passes as is; anything else (`10:00:00`) is read as a time of day. */
const clockTime = (time: string) => (TIME_OF_DAY.test(time) ? time : parseTimeOfDay(time));

/** TEXT as RFC 5545 section 3.3.11 escapes it; other control characters are not allowed in TEXT at all. */
export function escapeText(text: string): string {
  return text
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const MAX_LINE_OCTETS = 75;

/**
 * A content line folded as RFC 5545 section 3.1 asks: at most 75 octets a line, continuation lines
 * starting with a space (which counts), and never inside a UTF-8 character.
 */
function fold(line: string): string {
  // Most lines fit: one native count instead of one per character (a feed has ~20,000 lines).
  if (Buffer.byteLength(line, 'utf8') <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  // for..of walks code points, so a character outside the BMP is never split between its surrogates.
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}
