// One time-zone engine (src/model/time-zone.ts) serves both directions that used to have their own:
// instant -> the practice's day and clock (model/when.ts, once dayjs's timezone plugin) and wall clock
// -> instant (formats/ics.ts, once its own offset search). Around every change of 2026 in zones with
// whole-hour and half-hour offsets and changes, the two now agree minute for minute, whether the
// zone is the machine's own or not.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { toICalendar } from '../../src/formats/ics.js';
import type { ScheduledAppointment } from '../../src/formats/schedule.js';
import { InvalidInputError } from '../../src/model/errors.js';
import { checkTimeZone } from '../../src/core/profiles.js';
import { dateLocalZone, instantAt, isDateZone, useDateZoneOf, wallClockAt } from '../../src/model/time-zone.js';
import { dateTimeIn } from '../../src/model/when.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const MINUTE = 60_000;

/** The days of 2026 a zone's clocks change, and by how many minutes. */
const CHANGES = [
  { zone: 'Europe/Berlin', spring: '2026-03-29', autumn: '2026-10-25', shift: 60 },
  { zone: 'America/New_York', spring: '2026-03-08', autumn: '2026-11-01', shift: 60 },
  // UTC+9:30 in winter, +10:30 in summer.
  { zone: 'Australia/Adelaide', spring: '2026-10-04', autumn: '2026-04-05', shift: 60 },
  // UTC+10:30 in winter, +11 in summer: the clock moves by half an hour.
  { zone: 'Australia/Lord_Howe', spring: '2026-10-04', autumn: '2026-04-05', shift: 30 },
];

/** Every `step` minutes from the start of the day before `day` (UTC) to the end of the day after. */
function instantsAround(day: string, step: number): Date[] {
  const start = Date.parse(`${day}T00:00:00Z`) - 24 * 60 * MINUTE;
  return Array.from({ length: (3 * 24 * 60) / step }, (_, index) => new Date(start + index * step * MINUTE));
}

/** The DTSTART instant `practice appt export --format ics` writes for an appointment at `date time`. */
function exportedStart(date: string, time: string, timeZone: string): Date {
  const appointment: ScheduledAppointment = {
    id: '3f2a9c1b-4d5e-4f60-8a7b-9c0d1e2f3a4b', date, start_time: time, end_time: '23:59', status: 'confirmed',
    client_id: 'a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d', client_name: 'Ann Lee', service_id: null, service_name: null,
    notes: null, created_at: null, updated_at: null,
  };
  const text = toICalendar([appointment], { timeZone, now: new Date('2026-01-01T00:00:00Z'), redact: false });
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  return (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate();
}

describe.each(CHANGES)('$zone', ({ zone, spring, autumn, shift }) => {
  it.each([spring, autumn])('around %s, an instant shows the clock the former dayjs path showed', (day) => {
    for (const instant of instantsAround(day, 5)) {
      expect(dateTimeIn(instant, zone), instant.toISOString()).toBe(dayjs(instant).tz(zone).format('YYYY-MM-DD HH:mm'));
    }
  });

  it.each([spring, autumn])('around %s, the export places each clock time at the instant that shows it', (day) => {
    let earlier = 0;
    for (const instant of instantsAround(day, 5)) {
      const { date, time } = wallClockAt(instant, zone);
      const exported = exportedStart(date, time, zone);
      // The clock shows it again after the change: the export takes the first time, `shift` earlier.
      if (exported.getTime() !== instant.getTime()) {
        expect(instant.getTime() - exported.getTime(), instant.toISOString()).toBe(shift * MINUTE);
        earlier++;
      }
      expect(wallClockAt(exported, zone), instant.toISOString()).toEqual({ date, time });
    }
    // Only the autumn change repeats clock times: every five minutes of `shift`.
    expect(earlier).toBe(day === autumn ? shift / 5 : 0);
  });

  // In the process's own zone the engine reads Date's local fields instead of a DateTimeFormat
  // (~20 ms to make): both must give the same clock, and the same instant back, minute for minute.
  it.each([spring, autumn])("around %s, the machine's own zone converts as any other zone does", (day) => {
    const convert = () => instantsAround(day, 1).map((instant) => {
      const { date, time } = wallClockAt(instant, zone);
      return `${date} ${time} ${instantAt(date, time, zone).toISOString()}`;
    });
    const saved = process.env.TZ;
    // As the entry tells it (src/cli/context.ts processIO): this process's Date follows process.env.TZ.
    useDateZoneOf({ env: process.env, localtimeLink: () => null });
    try {
      process.env.TZ = zone === 'America/New_York' ? 'Europe/Berlin' : 'America/New_York';
      expect(dateLocalZone()).not.toBe(zone);
      const throughIntl = convert();
      process.env.TZ = zone;
      expect(dateLocalZone()).toBe(zone);
      expect(convert()).toEqual(throughIntl);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('reads a clock time the spring change skips with the offset from before it, so it lands later', () => {
    const skipped = instantsAround(spring, 1).filter((instant) => {
      const { date, time } = wallClockAt(instant, zone);
      return date === spring && time !== '00:00' && wallClockAt(new Date(instant.getTime() - MINUTE), zone).time !== addClock(time, -1);
    });
    // The one instant at which the clock jumps.
    expect(skipped).toHaveLength(1);
    const { date, time: after } = wallClockAt(skipped[0]!, zone);
    for (let minutes = 1; minutes <= shift; minutes++) {
      const missing = addClock(after, -minutes);
      expect(wallClockAt(instantAt(date, missing, zone), zone)).toEqual({ date, time: addClock(missing, shift) });
    }
  });
});

it('knows a half-hour zone outside its summer time', () => {
  expect(instantAt('2026-07-01', '09:00', 'Australia/Adelaide').toISOString()).toBe('2026-06-30T23:30:00.000Z');
  expect(wallClockAt(new Date('2026-06-30T23:30:00Z'), 'Australia/Adelaide')).toEqual({ date: '2026-07-01', time: '09:00' });
});

it('refuses an unknown zone and a malformed clock time, naming the expected form', () => {
  expect(() => wallClockAt(new Date(), 'Mars/Olympus')).toThrow(
    new InvalidInputError("unknown time zone 'Mars/Olympus'; expected an IANA name like Europe/Berlin"),
  );
  expect(() => instantAt('2026-07-01', '9 am', 'UTC')).toThrow(
    new InvalidInputError("expected a date as YYYY-MM-DD and a time as HH:MM; got '2026-07-01 9 am'"),
  );
});

// A machine whose /etc/localtime links to Etc/UTC, a profile stored as ICU names that zone (UTC): the
// same zone, so conversions take Date's local fields, not Intl (~100 ms a command, issue 26 point 9).
describe("the machine's zone under another name", () => {
  /** Runs `check` with this process's Date in `tz` and the model told so, as the entry tells it. */
  function withDateZone(tz: string, localtime: string | null, check: () => void): void {
    const saved = process.env.TZ;
    process.env.TZ = tz;
    // Date follows TZ; the model reads the zone from TZ, or from the link when TZ is left out.
    const env = localtime === null ? process.env : {};
    useDateZoneOf({ env, localtimeLink: () => localtime });
    try {
      check();
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
      useDateZoneOf({ env: process.env, localtimeLink: () => null });
    }
  }

  it('a profile stored as UTC is the zone of a machine linked to Etc/UTC, and converts as Intl does', () => {
    const stored = checkTimeZone('Etc/UTC');
    expect(stored).toBe('UTC');
    const instant = new Date('2026-07-01T09:30:00Z');
    const throughIntl = { clock: wallClockAt(instant, stored), instant: instantAt('2026-07-01', '09:30', stored) };
    withDateZone('Etc/UTC', '/usr/share/zoneinfo/Etc/UTC', () => {
      expect(dateLocalZone()).toBe('Etc/UTC');
      expect(isDateZone(stored)).toBe(true);
      expect({ clock: wallClockAt(instant, stored), instant: instantAt('2026-07-01', '09:30', stored) }).toEqual(throughIntl);
    });
  });

  it.each(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Etc/Zulu', 'Zulu', 'Etc/UCT', 'Universal', 'Etc/GMT0', 'Greenwich'])(
    'TZ=%s is the zone of a profile stored as UTC, Etc/UTC or GMT',
    (tz) => {
      withDateZone(tz, null, () => {
        for (const stored of ['UTC', 'Etc/UTC', 'GMT']) expect(isDateZone(stored), stored).toBe(true);
      });
    },
  );

  it('another zone is not, though its offset is zero today or its name looks alike', () => {
    withDateZone('Etc/UTC', null, () => {
      // Etc/GMT+1 is UTC-1; London keeps UTC in winter only; Reykjavik is a zone of its own.
      for (const zone of ['Etc/GMT+1', 'Europe/London', 'Atlantic/Reykjavik', 'Europe/Berlin']) {
        expect(isDateZone(zone), zone).toBe(false);
      }
    });
  });

  it('other aliases are one zone by their canonical id (Asia/Kolkata = Asia/Calcutta)', () => {
    withDateZone('Asia/Kolkata', null, () => {
      expect(isDateZone('Asia/Calcutta')).toBe(true);
      expect(isDateZone('Asia/Dhaka')).toBe(false);
      expect(wallClockAt(new Date('2026-07-01T09:30:00Z'), 'Asia/Calcutta')).toEqual({ date: '2026-07-01', time: '15:00' });
    });
  });

  it('a TZ that Intl reads but Date does not follow (wrong case) is not the zone it names', () => {
    withDateZone('europe/berlin', null, () => {
      expect(isDateZone('Europe/Berlin')).toBe(false);
      expect(wallClockAt(new Date('2026-07-01T09:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-07-01', time: '11:30' });
    });
  });

  it('until the entry tells the model, no zone is Date\'s', () => {
    withDateZone('Etc/UTC', null, () => {
      useDateZoneOf({ env: {}, localtimeLink: () => null });
      expect(isDateZone('UTC')).toBe(false);
    });
  });
});

function addClock(time: string, minutes: number): string {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
