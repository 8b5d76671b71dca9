// A schedule as an iCalendar document (RFC 5545) that calendar apps import or subscribe to.
// Pure: the practice's time zone and the instant `now` are arguments; the text is returned, not written.
import type { AppointmentStatus } from '../model/appointment-status.js';
import { InvalidInputError } from '../model/errors.js';
import { redactAppointment } from './redact.js';
import type { ScheduledAppointment } from './schedule.js';

export interface CalendarOptions {
  /** The practice's IANA time zone, in which appointments' dates and times are local. */
  timeZone: string;
  /** When the document is made: every event's DTSTAMP. */
  now: Date;
  /** Initials instead of client names, and no DESCRIPTION (the notes). */
  redact: boolean;
}

/**
 * Our statuses as iCalendar's three. A scheduled visit is not yet agreed, so it is tentative; a no-show
 * kept its slot, so, like a completed visit, it stays a confirmed event in the calendar's history.
 */
export const CALENDAR_STATUS: Readonly<Record<AppointmentStatus, 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'>> = {
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
 * the conversion here, which is where DST is settled once, from the runtime's IANA data.
 */
export function toICalendar(schedule: readonly ScheduledAppointment[], { timeZone, now, redact }: CalendarOptions): string {
  const zone = zoneClock(timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//practice//practice CLI//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...schedule.flatMap((appointment) => eventLines(redact ? redactAppointment(appointment) : appointment, zone, now)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventLines(appointment: ScheduledAppointment, zone: ZoneClock, now: Date): string[] {
  const created = instantOrNull(appointment.created_at);
  const modified = instantOrNull(appointment.updated_at);
  const status = CALENDAR_STATUS[appointment.status];
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(eventUid(appointment.id))}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(zone.instantOf(appointment.date, appointment.start_time))}`,
    `DTEND:${utcStamp(zone.instantOf(appointment.date, appointment.end_time))}`,
    `SUMMARY:${escapeText(summaryOf(appointment))}`,
    `STATUS:${status}`,
    // A cancelled visit stays visible but no longer makes the therapist look busy.
    `TRANSP:${status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    `SEQUENCE:${sequenceOf(created, modified)}`,
    ...(created === null ? [] : [`CREATED:${utcStamp(created)}`]),
    ...(modified === null ? [] : [`LAST-MODIFIED:${utcStamp(modified)}`]),
    ...(appointment.notes === null || appointment.notes.trim() === '' ? [] : [`DESCRIPTION:${escapeText(appointment.notes)}`]),
    'END:VEVENT',
  ];
}

function summaryOf({ client_name, service_name }: ScheduledAppointment): string {
  const parts = [client_name, service_name].map((part) => part?.trim() ?? '').filter((part) => part !== '');
  return parts.length === 0 ? 'Appointment' : parts.join(' - ');
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
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

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
export function fold(line: string): string {
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

export interface ZoneClock {
  /** The instant of a date and time of day on the zone's wall clock. */
  instantOf(date: string, time: string): Date;
}

/*
 * Wall-clock time -> instant, with Temporal's `compatible` choice where the clock is not one-to-one:
 * a time skipped by the spring change (02:30 in Berlin on 2026-03-29) is read with the offset before
 * the change, which places it an hour later (03:30), and a time that occurs twice in autumn is the
 * earlier of the two. The service refuses neither, so an export must place both somewhere.
 */
export function zoneClock(timeZone: string): ZoneClock {
  let parts: Intl.DateTimeFormat;
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new InvalidInputError(`unknown time zone '${timeZone}'; expected an IANA name like Europe/Berlin`);
    }
    throw error;
  }

  // Minutes the zone is ahead of UTC at an instant (whole seconds, as every instant here is).
  const offsetAt = (instant: number): number => {
    const field = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.formatToParts(instant).find((part) => part.type === type)!.value);
    const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
    return (wall - instant) / 60_000;
  };

  const DAY = 24 * 60 * 60_000;
  return {
    instantOf(date, time) {
      const wall = Date.parse(`${date}T${time}:00Z`);
      // A zone changes its offset at most once within a day either side, so the offsets a day before
      // and a day after are the only candidates.
      const before = offsetAt(wall - DAY);
      const after = offsetAt(wall + DAY);
      const fits = [before, after].filter((offset) => offsetAt(wall - offset * 60_000) === offset);
      // Two fitting offsets: the time occurs twice, take the earlier instant (the larger offset).
      // None: the time was skipped, read it with the offset from before the change.
      const offset = fits.length === 0 ? before : Math.max(...fits);
      return new Date(wall - offset * 60_000);
    },
  };
}
