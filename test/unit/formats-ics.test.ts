import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_STATUS, type CalendarEvent, eventUid, toICalendar } from '../../src/formats/ics.js';
import type { ScheduledAppointment } from '../../src/formats/schedule.js';
import { InvalidInputError } from '../../src/model/errors.js';

const NOW = new Date('2026-03-27T18:30:00.000Z');
const ID = '3f2a9c1b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER_ID = '7d1e2f3a-4b5c-4d6e-8f70-8a9b0c1d2e3f';

function appointment(fields: Partial<ScheduledAppointment> = {}): ScheduledAppointment {
  return {
    id: ID,
    date: '2026-03-27',
    start_time: '09:00',
    end_time: '10:00',
    status: 'confirmed',
    client_id: 'a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d',
    client_name: 'Ann Marie Lee',
    service_id: '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
    service_name: 'Swedish 60',
    notes: 'Left knee; go gently',
    created_at: '2026-03-20T10:00:00.000000+00:00',
    updated_at: '2026-03-20T10:05:00.000000+00:00',
    ...fields,
  };
}

function calendar(schedule: CalendarEvent[], options: Partial<{ timeZone: string; now: Date; redact: boolean; name: string }> = {}) {
  return toICalendar(schedule, { timeZone: 'Europe/Berlin', now: NOW, redact: false, ...options });
}

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

function events(text: string) {
  return parse(text).getAllSubcomponents('vevent');
}

function only(text: string) {
  const [event, ...rest] = events(text);
  expect(rest).toHaveLength(0);
  return event!;
}

const value = (component: ICAL.Component, name: string) => component.getFirstPropertyValue(name)?.toString() ?? null;
const instant = (component: ICAL.Component, name: string) =>
  (component.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();

describe('toICalendar', () => {
  it('writes the calendar and every field of an event', () => {
    const text = calendar([appointment()]);
    const vcalendar = parse(text);
    expect(vcalendar.name).toBe('vcalendar');
    expect(value(vcalendar, 'version')).toBe('2.0');
    expect(value(vcalendar, 'prodid')).toBe('-//practice//practice CLI//EN');
    expect(value(vcalendar, 'calscale')).toBe('GREGORIAN');
    expect(value(vcalendar, 'method')).toBe('PUBLISH');
    expect(vcalendar.getAllSubcomponents('vtimezone')).toHaveLength(0);

    const event = only(text);
    expect(value(event, 'uid')).toBe(`${ID}@practice`);
    expect(instant(event, 'dtstamp')).toBe('2026-03-27T18:30:00.000Z');
    // 27 March is still winter time in Berlin: UTC+1.
    expect(instant(event, 'dtstart')).toBe('2026-03-27T08:00:00.000Z');
    expect(instant(event, 'dtend')).toBe('2026-03-27T09:00:00.000Z');
    expect(value(event, 'summary')).toBe('Ann Marie Lee - Swedish 60');
    expect(value(event, 'status')).toBe('CONFIRMED');
    expect(value(event, 'transp')).toBe('OPAQUE');
    expect(event.getFirstPropertyValue('sequence')).toBe(300);
    expect(instant(event, 'created')).toBe('2026-03-20T10:00:00.000Z');
    expect(instant(event, 'last-modified')).toBe('2026-03-20T10:05:00.000Z');
    expect(value(event, 'description')).toBe('Left knee; go gently');
    expect(event.getAllProperties().map((property) => property.name)).toEqual([
      'uid', 'dtstamp', 'dtstart', 'dtend', 'summary', 'status', 'transp', 'sequence', 'created', 'last-modified', 'description',
    ]);
  });

  it('writes times in UTC, each line ending in CRLF', () => {
    const text = calendar([appointment()]);
    expect(text).toContain('\r\nDTSTART:20260327T080000Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20260327T183000Z\r\n');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('writes a calendar without events for an empty day', () => {
    const text = calendar([]);
    expect(text).toBe('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//practice//practice CLI//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n');
    expect(events(text)).toHaveLength(0);
  });

  it('writes one event per appointment, in the order given', () => {
    const text = calendar([appointment(), appointment({ id: OTHER_ID, start_time: '11:00', end_time: '12:00' })]);
    expect(events(text).map((event) => value(event, 'uid'))).toEqual([`${ID}@practice`, `${OTHER_ID}@practice`]);
  });

  it.each([
    { status: 'scheduled', calendarStatus: 'TENTATIVE', transp: 'OPAQUE' },
    { status: 'confirmed', calendarStatus: 'CONFIRMED', transp: 'OPAQUE' },
    { status: 'completed', calendarStatus: 'CONFIRMED', transp: 'OPAQUE' },
    { status: 'no_show', calendarStatus: 'CONFIRMED', transp: 'OPAQUE' },
    { status: 'cancelled', calendarStatus: 'CANCELLED', transp: 'TRANSPARENT' },
  ] as const)('maps $status to STATUS:$calendarStatus and TRANSP:$transp', ({ status, calendarStatus, transp }) => {
    const event = only(calendar([appointment({ status })]));
    expect(value(event, 'status')).toBe(calendarStatus);
    expect(value(event, 'transp')).toBe(transp);
    expect(CALENDAR_STATUS[status]).toBe(calendarStatus);
  });

  it('names a request from the booking page as one, and lets a request whose hold ran out hold no time', () => {
    const waiting = only(calendar([appointment({ status: 'requested' })]));
    expect(value(waiting, 'summary')).toBe('Request: Ann Marie Lee - Swedish 60');
    expect(value(waiting, 'status')).toBe('TENTATIVE');
    expect(value(waiting, 'transp')).toBe('OPAQUE');
    const lapsed = only(calendar([{ ...appointment({ status: 'requested' }), hold_expired: true }]));
    expect(value(lapsed, 'summary')).toBe('Request (hold expired): Ann Marie Lee - Swedish 60');
    expect(value(lapsed, 'status')).toBe('TENTATIVE');
    expect(value(lapsed, 'transp')).toBe('TRANSPARENT');
  });

  it('names the calendar when given a name, escaped as TEXT', () => {
    expect(value(parse(calendar([], { name: 'Anna Massage' })), 'x-wr-calname')).toBe('Anna Massage');
    // A property of no known type is TEXT (RFC 5545 section 3.8.8.2), so it is escaped as TEXT.
    expect(calendar([], { name: 'Anna; Massage' })).toContain('\r\nX-WR-CALNAME:Anna\\; Massage\r\n');
    expect(calendar([])).not.toContain('X-WR-CALNAME');
  });

  describe('places local times in the practice zone', () => {
    it.each([
      { name: 'Berlin the day before the spring change (UTC+1)', zone: 'Europe/Berlin', date: '2026-03-28', start: '09:00', end: '10:00', utcStart: '2026-03-28T08:00:00.000Z', utcEnd: '2026-03-28T09:00:00.000Z' },
      { name: 'Berlin on the day of the spring change (UTC+2)', zone: 'Europe/Berlin', date: '2026-03-29', start: '09:00', end: '10:00', utcStart: '2026-03-29T07:00:00.000Z', utcEnd: '2026-03-29T08:00:00.000Z' },
      { name: 'Berlin across the spring change: two hours on the clock, one in fact', zone: 'Europe/Berlin', date: '2026-03-29', start: '01:30', end: '03:30', utcStart: '2026-03-29T00:30:00.000Z', utcEnd: '2026-03-29T01:30:00.000Z' },
      { name: 'Berlin at a time the spring change skips, read an hour later', zone: 'Europe/Berlin', date: '2026-03-29', start: '02:30', end: '04:00', utcStart: '2026-03-29T01:30:00.000Z', utcEnd: '2026-03-29T02:00:00.000Z' },
      { name: 'Berlin at a time the autumn change repeats, the earlier one', zone: 'Europe/Berlin', date: '2026-10-25', start: '02:30', end: '03:30', utcStart: '2026-10-25T00:30:00.000Z', utcEnd: '2026-10-25T02:30:00.000Z' },
      { name: 'Berlin after the autumn change (UTC+1)', zone: 'Europe/Berlin', date: '2026-10-25', start: '09:00', end: '10:00', utcStart: '2026-10-25T08:00:00.000Z', utcEnd: '2026-10-25T09:00:00.000Z' },
      { name: 'New York in summer (UTC-4)', zone: 'America/New_York', date: '2026-07-01', start: '17:00', end: '18:30', utcStart: '2026-07-01T21:00:00.000Z', utcEnd: '2026-07-01T22:30:00.000Z' },
      { name: 'New York late in the evening, the next day in UTC', zone: 'America/New_York', date: '2026-12-31', start: '22:00', end: '23:00', utcStart: '2027-01-01T03:00:00.000Z', utcEnd: '2027-01-01T04:00:00.000Z' },
      { name: 'Auckland early in the morning, the day before in UTC', zone: 'Pacific/Auckland', date: '2026-11-23', start: '08:00', end: '09:00', utcStart: '2026-11-22T19:00:00.000Z', utcEnd: '2026-11-22T20:00:00.000Z' },
      { name: 'Kolkata at a half-hour offset', zone: 'Asia/Kolkata', date: '2026-05-04', start: '10:00', end: '11:00', utcStart: '2026-05-04T04:30:00.000Z', utcEnd: '2026-05-04T05:30:00.000Z' },
      { name: "PostgreSQL's own time text, with seconds", zone: 'Europe/Berlin', date: '2026-03-28', start: '09:00:00', end: '10:00:00', utcStart: '2026-03-28T08:00:00.000Z', utcEnd: '2026-03-28T09:00:00.000Z' },
      { name: 'Adelaide at its half-hour offset in summer', zone: 'Australia/Adelaide', date: '2026-01-15', start: '09:00', end: '10:00', utcStart: '2026-01-14T22:30:00.000Z', utcEnd: '2026-01-14T23:30:00.000Z' },
      { name: 'UTC', zone: 'UTC', date: '2026-05-04', start: '00:00', end: '23:59', utcStart: '2026-05-04T00:00:00.000Z', utcEnd: '2026-05-04T23:59:00.000Z' },
    ])('$name', ({ zone, date, start, end, utcStart, utcEnd }) => {
      const event = only(calendar([appointment({ date, start_time: start, end_time: end })], { timeZone: zone }));
      expect(instant(event, 'dtstart')).toBe(utcStart);
      expect(instant(event, 'dtend')).toBe(utcEnd);
    });

    describe('whatever the time zone of the process', () => {
      const original = process.env.TZ;
      afterEach(() => {
        if (original === undefined) delete process.env.TZ;
        else process.env.TZ = original;
      });

      it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])('TZ=%s', (processZone) => {
        process.env.TZ = processZone;
        const event = only(calendar([appointment({ date: '2026-03-29', start_time: '09:00' })]));
        expect(instant(event, 'dtstart')).toBe('2026-03-29T07:00:00.000Z');
      });
    });

    it('refuses an unknown time zone, naming the expected form', () => {
      expect(() => calendar([appointment()], { timeZone: 'Mars/Olympus' })).toThrow(
        new InvalidInputError("unknown time zone 'Mars/Olympus'; expected an IANA name like Europe/Berlin"),
      );
    });
  });

  describe('escapes text', () => {
    it.each([
      { name: 'commas and semicolons', text: 'Lee, Ann; the second', escaped: 'Lee\\, Ann\\; the second' },
      { name: 'a backslash', text: 'C:\\notes', escaped: 'C:\\\\notes' },
      { name: 'LF, CRLF and CR line breaks', text: 'one\ntwo\r\nthree\rfour', escaped: 'one\\ntwo\\nthree\\nfour' },
      { name: 'a backslash before an n', text: '\\n is not a line break', escaped: '\\\\n is not a line break' },
      { name: 'colons and quotes, which TEXT leaves alone', text: 'note: "gently"', escaped: 'note: "gently"' },
    ])('$name', ({ text, escaped }) => {
      const written = calendar([appointment({ notes: text, client_name: text, service_name: null })]);
      expect(written).toContain(`\r\nDESCRIPTION:${escaped}\r\n`);
      expect(written).toContain(`\r\nSUMMARY:${escaped}\r\n`);
      const event = only(written);
      expect(value(event, 'description')).toBe(text.replace(/\r\n|\r/g, '\n'));
      expect(value(event, 'summary')).toBe(text.replace(/\r\n|\r/g, '\n'));
    });

    it('drops control characters that TEXT does not allow, keeping tabs', () => {
      const event = only(calendar([appointment({ notes: 'bell\u0007 null\u0000 tab\tend' })]));
      expect(value(event, 'description')).toBe('bell null tab\tend');
    });
  });

  describe('folds long lines at 75 octets', () => {
    const long = [
      { name: 'ASCII', summary: 'A'.repeat(200) },
      { name: 'two-octet letters', summary: Array(8).fill('Zoë Müller-Lüdenscheidt').join(' ') },
      { name: 'three-octet characters', summary: '山田太郎'.repeat(30) },
      { name: 'four-octet emoji, surrogate pairs in JavaScript', summary: '🙂'.repeat(60) },
      { name: 'a mix, with escapes near the folds', summary: 'é,🙂;山\\'.repeat(25) },
    ];

    it.each(long)('$name', ({ summary }) => {
      const text = calendar([appointment({ client_name: summary, service_name: null })]);
      const lines = text.split('\r\n').slice(0, -1);
      for (const line of lines) {
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        // No character cut in two: a lone surrogate would be a broken character in UTF-8.
        expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      const summaryLines = lines.slice(lines.findIndex((line) => line.startsWith('SUMMARY:')));
      expect(summaryLines[1]!.startsWith(' ')).toBe(true);
      expect(value(only(text), 'summary')).toBe(summary);
    });

    it('leaves a line of exactly 75 octets whole', () => {
      const summary = 'x'.repeat(75 - 'SUMMARY:'.length);
      const text = calendar([appointment({ client_name: summary, service_name: null })]);
      expect(text).toContain(`\r\nSUMMARY:${summary}\r\nSTATUS:`);
    });

    it('folds a line of 76 octets into 75 and a continuation', () => {
      const summary = 'x'.repeat(76 - 'SUMMARY:'.length);
      const text = calendar([appointment({ client_name: summary, service_name: null })]);
      expect(text).toContain(`\r\nSUMMARY:${summary.slice(0, -1)}\r\n x\r\nSTATUS:`);
    });
  });

  describe('summary', () => {
    it.each([
      { name: 'client and service', client_name: 'Ann Lee', service_name: 'Swedish 60', summary: 'Ann Lee - Swedish 60' },
      { name: 'client only', client_name: 'Ann Lee', service_name: null, summary: 'Ann Lee' },
      { name: 'service only', client_name: null, service_name: 'Swedish 60', summary: 'Swedish 60' },
      { name: 'neither', client_name: null, service_name: null, summary: 'Appointment' },
      { name: 'blank names', client_name: ' ', service_name: '', summary: 'Appointment' },
      { name: 'names with spaces around', client_name: ' Ann Lee ', service_name: ' Swedish 60 ', summary: 'Ann Lee - Swedish 60' },
    ])('$name', ({ client_name, service_name, summary }) => {
      expect(value(only(calendar([appointment({ client_name, service_name })])), 'summary')).toBe(summary);
    });
  });

  describe('redaction', () => {
    it('shows initials and leaves out the notes', () => {
      const text = calendar([appointment()], { redact: true });
      const event = only(text);
      expect(value(event, 'summary')).toBe('A. M. L. - Swedish 60');
      expect(event.hasProperty('description')).toBe(false);
      expect(text).not.toContain('Ann');
      expect(text).not.toContain('knee');
    });

    it('keeps every other field as it is', () => {
      const plain = only(calendar([appointment()]));
      const redacted = only(calendar([appointment()], { redact: true }));
      for (const name of ['uid', 'dtstamp', 'dtstart', 'dtend', 'status', 'transp', 'sequence', 'created', 'last-modified']) {
        expect(value(redacted, name)).toBe(value(plain, name));
      }
    });
  });

  it('leaves out an empty description', () => {
    expect(only(calendar([appointment({ notes: null })])).hasProperty('description')).toBe(false);
    expect(only(calendar([appointment({ notes: '  ' })])).hasProperty('description')).toBe(false);
  });

  describe('UID and SEQUENCE, which let calendar apps update instead of duplicate', () => {
    it('keeps the UID of an appointment across exports, whatever changed', () => {
      const first = only(calendar([appointment()], { now: NOW }));
      const later = only(
        calendar([appointment({ status: 'cancelled', start_time: '11:00', end_time: '12:00', updated_at: '2026-03-26T08:00:00Z' })], {
          now: new Date('2026-03-28T06:00:00Z'),
        }),
      );
      expect(value(later, 'uid')).toBe(value(first, 'uid'));
      expect(eventUid(ID)).toBe(`${ID}@practice`);
    });

    it('gives each appointment its own UID', () => {
      expect(eventUid(ID)).not.toBe(eventUid(OTHER_ID));
    });

    it.each([
      { name: 'never updated', created_at: '2026-03-20T10:00:00Z', updated_at: '2026-03-20T10:00:00Z', sequence: 0 },
      { name: 'updated five minutes later', created_at: '2026-03-20T10:00:00Z', updated_at: '2026-03-20T10:05:00.999Z', sequence: 300 },
      { name: 'updated a day later', created_at: '2026-03-20T10:00:00Z', updated_at: '2026-03-21T10:00:00Z', sequence: 86_400 },
      { name: 'a clock that went backwards', created_at: '2026-03-20T10:00:00Z', updated_at: '2026-03-20T09:00:00Z', sequence: 0 },
      { name: 'no timestamps (a backend that returns none)', created_at: null, updated_at: null, sequence: 0 },
      { name: 'an unreadable timestamp', created_at: 'yesterday', updated_at: '2026-03-20T10:00:00Z', sequence: 0 },
      { name: 'past 68 years, held at the largest INTEGER', created_at: '1900-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', sequence: 2 ** 31 - 1 },
    ])('SEQUENCE when $name: $sequence', ({ created_at, updated_at, sequence }) => {
      expect(only(calendar([appointment({ created_at, updated_at })])).getFirstPropertyValue('sequence')).toBe(sequence);
    });

    it('grows with each update and stays put between exports without one', () => {
      const sequenceAt = (updated_at: string, now: Date) =>
        only(calendar([appointment({ updated_at })], { now })).getFirstPropertyValue('sequence') as unknown as number;
      const first = sequenceAt('2026-03-20T10:05:00Z', NOW);
      expect(sequenceAt('2026-03-20T10:05:00Z', new Date('2026-03-28T06:00:00Z'))).toBe(first);
      expect(sequenceAt('2026-03-22T16:00:00Z', NOW)).toBeGreaterThan(first);
    });

    it('leaves out CREATED and LAST-MODIFIED when the timestamps are unknown', () => {
      const event = only(calendar([appointment({ created_at: null, updated_at: null })]));
      expect(event.hasProperty('created')).toBe(false);
      expect(event.hasProperty('last-modified')).toBe(false);
    });
  });
});
