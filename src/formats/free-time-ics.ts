// Free time as an iCalendar document (RFC 5545), to lay over a calendar: one transparent event a free
// window, so it shows where a booking can go without making the therapist look busy. Written in UTC
// as the schedule export is (ics.ts says why). Pure: the time zone and `now` are arguments.
import { instantAt } from '../model/time-zone.js';
import { calendarDocument, escapeText, utcStamp } from './ics.js';

export interface FreeWindow {
  date: string;
  start: string;
  end: string;
}

export interface FreeTimeCalendarOptions {
  timeZone: string;
  /** Every event's DTSTAMP. */
  now: Date;
  /** The events' title: `Free`, `Free for Swedish 60`. */
  summary: string;
}

export function freeTimeCalendar(windows: readonly FreeWindow[], { timeZone, now, summary }: FreeTimeCalendarOptions): string {
  return calendarDocument(windows.flatMap(({ date, start, end }) => [
    'BEGIN:VEVENT',
    // The same window exported again replaces its event instead of adding one.
    `UID:free-${date}-${start.replace(':', '')}-${end.replace(':', '')}@practice`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(instantAt(date, start, timeZone))}`,
    `DTEND:${utcStamp(instantAt(date, end, timeZone))}`,
    `SUMMARY:${escapeText(summary)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]));
}
