import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/model/errors.js';
import {
  addMinutes,
  dayOfWeek,
  daysBetween,
  parseDaysOfWeek,
  parseHoursSpec,
  parseTimeOfDay,
  resolveDay,
  todayIn,
  weekOf,
} from '../../src/model/when.js';

const DATE_FORM = 'expected a date like 2026-11-23, today, tomorrow, mon or +3d';
const TIME_FORM = 'expected a time like 9, 9:30, 14:00, 2pm or 9:30am';
const HOURS_FORM = 'expected hours like 09:00-12:00,13:00-17:00 or 9am-5pm, or closed';

describe('todayIn', () => {
  it.each([
    { instant: '2026-11-23T12:00:00Z', zone: 'UTC', today: '2026-11-23' },
    { instant: '2026-11-23T05:00:00Z', zone: 'America/Los_Angeles', today: '2026-11-22' },
    // Auckland is 13 hours ahead in its summer: its today starts while UTC is still on the day before.
    { instant: '2026-11-22T10:59:00Z', zone: 'Pacific/Auckland', today: '2026-11-22' },
    { instant: '2026-11-22T11:00:00Z', zone: 'Pacific/Auckland', today: '2026-11-23' },
    // ...and 12 hours ahead after its DST ends on 2026-04-05.
    { instant: '2026-04-05T11:59:00Z', zone: 'Pacific/Auckland', today: '2026-04-05' },
    { instant: '2026-04-05T12:00:00Z', zone: 'Pacific/Auckland', today: '2026-04-06' },
    // Berlin's spring change on 2026-03-29: midnight is at 23:00 UTC before it and 22:00 UTC after it.
    { instant: '2026-03-28T22:59:00Z', zone: 'Europe/Berlin', today: '2026-03-28' },
    { instant: '2026-03-28T23:00:00Z', zone: 'Europe/Berlin', today: '2026-03-29' },
    { instant: '2026-03-29T01:00:00Z', zone: 'Europe/Berlin', today: '2026-03-29' },
    { instant: '2026-03-29T21:59:00Z', zone: 'Europe/Berlin', today: '2026-03-29' },
    { instant: '2026-03-29T22:00:00Z', zone: 'Europe/Berlin', today: '2026-03-30' },
    // Berlin's autumn change on 2026-10-25: the day has 25 hours, from 22:00 UTC to 23:00 UTC.
    { instant: '2026-10-24T21:59:00Z', zone: 'Europe/Berlin', today: '2026-10-24' },
    { instant: '2026-10-24T22:00:00Z', zone: 'Europe/Berlin', today: '2026-10-25' },
    { instant: '2026-10-25T00:30:00Z', zone: 'Europe/Berlin', today: '2026-10-25' },
    { instant: '2026-10-25T01:30:00Z', zone: 'Europe/Berlin', today: '2026-10-25' },
    { instant: '2026-10-25T22:59:00Z', zone: 'Europe/Berlin', today: '2026-10-25' },
    { instant: '2026-10-25T23:00:00Z', zone: 'Europe/Berlin', today: '2026-10-26' },
  ])('$instant in $zone is $today', ({ instant, zone, today }) => {
    expect(todayIn(new Date(instant), zone)).toBe(today);
  });

  it('refuses an unknown time zone, naming the expected form', () => {
    expect(() => todayIn(new Date('2026-11-23T12:00:00Z'), 'Mars/Olympus')).toThrow(
      new InvalidInputError("unknown time zone 'Mars/Olympus'; expected an IANA name like Europe/Berlin"),
    );
  });

  describe('does not depend on the time zone of the process', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Europe/Berlin'])('TZ=%s', (processZone) => {
      process.env.TZ = processZone;
      expect(todayIn(new Date('2026-11-22T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-23');
      expect(todayIn(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
      expect(resolveDay('tomorrow', new Date('2026-10-24T22:30:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
    });
  });
});

describe('resolveDay', () => {
  // Monday 2026-11-23, 13:00 in Berlin.
  const monday = new Date('2026-11-23T12:00:00Z');

  it.each([
    { text: 'today', day: '2026-11-23' },
    { text: 'TODAY', day: '2026-11-23' },
    { text: '  today ', day: '2026-11-23' },
    { text: 'tomorrow', day: '2026-11-24' },
    { text: 'yesterday', day: '2026-11-22' },
    // A day of the week is the next such day, counting today.
    { text: 'monday', day: '2026-11-23' },
    { text: 'mon', day: '2026-11-23' },
    { text: 'Tuesday', day: '2026-11-24' },
    { text: 'tue', day: '2026-11-24' },
    { text: 'wednesday', day: '2026-11-25' },
    { text: 'wed', day: '2026-11-25' },
    { text: 'thursday', day: '2026-11-26' },
    { text: 'thu', day: '2026-11-26' },
    { text: 'friday', day: '2026-11-27' },
    { text: 'fri', day: '2026-11-27' },
    { text: 'saturday', day: '2026-11-28' },
    { text: 'sat', day: '2026-11-28' },
    { text: 'sunday', day: '2026-11-29' },
    { text: 'SUN', day: '2026-11-29' },
    { text: '+3d', day: '2026-11-26' },
    { text: '-2d', day: '2026-11-21' },
    { text: '+0d', day: '2026-11-23' },
    { text: '+10d', day: '2026-12-03' },
    { text: '+1w', day: '2026-11-30' },
    { text: '-1w', day: '2026-11-16' },
    { text: '+6W', day: '2027-01-04' },
    { text: '2026-11-23', day: '2026-11-23' },
    { text: '2024-02-29', day: '2024-02-29' },
    { text: '2030-01-01', day: '2030-01-01' },
  ])('$text -> $day', ({ text, day }) => {
    expect(resolveDay(text, monday, 'Europe/Berlin')).toBe(day);
  });

  it.each([
    // Auckland's Monday 2026-11-23 begins while UTC is still on Sunday 2026-11-22.
    { text: 'today', instant: '2026-11-22T11:00:00Z', zone: 'Pacific/Auckland', day: '2026-11-23' },
    { text: 'sun', instant: '2026-11-22T11:00:00Z', zone: 'Pacific/Auckland', day: '2026-11-29' },
    { text: 'mon', instant: '2026-11-22T11:00:00Z', zone: 'Pacific/Auckland', day: '2026-11-23' },
    { text: 'yesterday', instant: '2026-11-22T11:00:00Z', zone: 'Pacific/Auckland', day: '2026-11-22' },
    { text: 'today', instant: '2026-11-22T11:00:00Z', zone: 'UTC', day: '2026-11-22' },
    // Day arithmetic across Berlin's 23-hour and 25-hour days lands on calendar days.
    { text: 'tomorrow', instant: '2026-03-28T23:30:00Z', zone: 'Europe/Berlin', day: '2026-03-30' },
    { text: '+1d', instant: '2026-03-28T12:00:00Z', zone: 'Europe/Berlin', day: '2026-03-29' },
    { text: '+2d', instant: '2026-03-28T23:30:00Z', zone: 'Europe/Berlin', day: '2026-03-31' },
    { text: 'yesterday', instant: '2026-03-29T22:30:00Z', zone: 'Europe/Berlin', day: '2026-03-29' },
    { text: 'today', instant: '2026-10-24T22:30:00Z', zone: 'Europe/Berlin', day: '2026-10-25' },
    { text: 'today', instant: '2026-10-25T22:30:00Z', zone: 'Europe/Berlin', day: '2026-10-25' },
    { text: 'tomorrow', instant: '2026-10-25T22:30:00Z', zone: 'Europe/Berlin', day: '2026-10-26' },
    { text: '-1w', instant: '2026-10-25T22:30:00Z', zone: 'Europe/Berlin', day: '2026-10-18' },
    { text: 'sun', instant: '2026-10-24T21:30:00Z', zone: 'Europe/Berlin', day: '2026-10-25' },
    { text: 'yesterday', instant: '2027-01-01T08:00:00Z', zone: 'Europe/Berlin', day: '2026-12-31' },
    { text: '+1d', instant: '2028-02-28T12:00:00Z', zone: 'Europe/Berlin', day: '2028-02-29' },
  ])('$text at $instant in $zone -> $day', ({ text, instant, zone, day }) => {
    expect(resolveDay(text, new Date(instant), zone)).toBe(day);
  });

  it.each([
    '',
    'tomorow',
    'next monday',
    'mo',
    'thurs',
    '3d',
    '+3',
    '+3m',
    '+1.5d',
    '+ 3d',
    '+99999d',
    '23/11/2026',
    '2026-11-1',
    '2026/11/23',
    '2026-11-23T10:00',
  ])('refuses %j, naming the accepted forms', (text) => {
    expect(() => resolveDay(text, monday, 'Europe/Berlin')).toThrow(new InvalidInputError(`${DATE_FORM}; got '${text}'`));
  });

  it.each(['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-11-00'])(
    'refuses %s, which is not a day in the calendar',
    (text) => {
      expect(() => resolveDay(text, monday, 'Europe/Berlin')).toThrow(
        new InvalidInputError(`${text} is not a day in the calendar; ${DATE_FORM}`),
      );
    },
  );

  it('refuses a day past year 9999', () => {
    expect(() => resolveDay('+1d', new Date('9999-12-31T12:00:00Z'), 'UTC')).toThrow(
      new InvalidInputError(`${DATE_FORM}; the day is out of range`),
    );
  });

  it('refuses an unknown time zone', () => {
    expect(() => resolveDay('today', monday, 'Europe/Berlln')).toThrow(InvalidInputError);
  });
});

describe('parseDaysOfWeek', () => {
  it.each([
    ['monday', 'monday'], ['mon', 'monday'], ['tuesday', 'tuesday'], ['tue', 'tuesday'],
    ['wednesday', 'wednesday'], ['wed', 'wednesday'], ['thursday', 'thursday'], ['thu', 'thursday'],
    ['friday', 'friday'], ['fri', 'friday'], ['saturday', 'saturday'], ['sat', 'saturday'],
    ['sunday', 'sunday'], ['sun', 'sunday'], ['Monday', 'monday'], [' SAT ', 'saturday'],
  ])('one day: %j -> %s', (text, day) => {
    expect(parseDaysOfWeek(text)).toEqual([day]);
  });

  it.each([
    ['mon-fri', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']],
    ['Mon - Wed', ['monday', 'tuesday', 'wednesday']],
    ['sat,sun', ['saturday', 'sunday']],
    ['sun,sat', ['saturday', 'sunday']],
    ['mon-wed,fri', ['monday', 'tuesday', 'wednesday', 'friday']],
    ['fri-mon', ['monday', 'friday', 'saturday', 'sunday']],
    ['thu-thu', ['thursday']],
    ['weekdays', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']],
    ['weekend', ['saturday', 'sunday']],
    ['weekdays,sat', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']],
    ['mon,monday,mon-tue', ['monday', 'tuesday']],
  ])('several: %j', (text, days) => {
    expect(parseDaysOfWeek(text)).toEqual(days);
  });

  it.each(['', 'mo', 'thurs', 'weekday', 'today', '1', 'mon-', '-fri', 'mon-wed-fri', 'mon,,fri', 'mon;fri'])('refuses %j', (text) => {
    expect(() => parseDaysOfWeek(text)).toThrow(
      new InvalidInputError(`expected days of the week like monday, mon-fri, sat,sun, weekdays or weekend; got '${text}'`),
    );
  });
});

describe('dayOfWeek', () => {
  it.each([
    ['2026-11-23', 'monday'], ['2026-11-24', 'tuesday'], ['2026-11-25', 'wednesday'], ['2026-11-26', 'thursday'],
    ['2026-11-27', 'friday'], ['2026-11-28', 'saturday'], ['2026-11-29', 'sunday'],
    ['2024-02-29', 'thursday'], ['2026-03-29', 'sunday'], ['2027-01-01', 'friday'],
  ])('%s is a %s', (date, day) => {
    expect(dayOfWeek(date)).toBe(day);
  });

  it.each([
    ['monday', "expected a date as YYYY-MM-DD like 2026-11-23; got 'monday'"],
    ['2026-1-1', "expected a date as YYYY-MM-DD like 2026-11-23; got '2026-1-1'"],
    ['2026-02-30', `2026-02-30 is not a day in the calendar; ${DATE_FORM}`],
  ])('refuses %j', (date, message) => {
    expect(() => dayOfWeek(date)).toThrow(new InvalidInputError(message));
  });
});

describe('weekOf', () => {
  it.each([
    { day: '2026-11-23', monday: '2026-11-23', sunday: '2026-11-29' },
    { day: '2026-11-26', monday: '2026-11-23', sunday: '2026-11-29' },
    { day: '2026-11-29', monday: '2026-11-23', sunday: '2026-11-29' },
    { day: '2026-12-02', monday: '2026-11-30', sunday: '2026-12-06' },
    { day: '2027-01-01', monday: '2026-12-28', sunday: '2027-01-03' },
    { day: '2026-03-29', monday: '2026-03-23', sunday: '2026-03-29' },
    { day: '2026-10-25', monday: '2026-10-19', sunday: '2026-10-25' },
    { day: '2024-02-29', monday: '2024-02-26', sunday: '2024-03-03' },
  ])('the week of $day runs $monday..$sunday', ({ day, monday, sunday }) => {
    const week = weekOf(day);
    expect(week).toHaveLength(7);
    expect(week[0]).toBe(monday);
    expect(week[6]).toBe(sunday);
    expect(week.map(dayOfWeek)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week).toContain(day);
  });

  it('lists consecutive days across a month end', () => {
    expect(weekOf('2026-12-02')).toEqual([
      '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06',
    ]);
  });

  it('refuses a date that is not in the calendar', () => {
    expect(() => weekOf('2026-02-30')).toThrow(InvalidInputError);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['9', '09:00'], ['09', '09:00'], ['0', '00:00'], ['00', '00:00'], ['23', '23:00'],
    ['9:30', '09:30'], ['09:30', '09:30'], ['14:00', '14:00'], ['00:00', '00:00'], ['23:59', '23:59'],
    ['2pm', '14:00'], ['2PM', '14:00'], ['2 pm', '14:00'], ['9am', '09:00'], ['9:30am', '09:30'],
    ['9:30pm', '21:30'], ['1am', '01:00'], ['12am', '00:00'], ['12:30am', '00:30'], ['12pm', '12:00'],
    ['12:45pm', '12:45'], ['11:59pm', '23:59'], [' 9:30 ', '09:30'],
    // As a backend returns it: PostgreSQL's own text has seconds, which the practice's clock drops.
    ['09:30:00', '09:30'], ['9:30:00', '09:30'], ['23:59:59.999999', '23:59'], ['00:00:00', '00:00'],
  ])('%j -> %s', (text, time) => {
    expect(parseTimeOfDay(text)).toBe(time);
  });

  it.each([
    '', '24', '24:00', '25:00', '9:60', '9:5', '930', '9.30', '9 30', '9:30:60', '9:30:0', '9:30:00.', '009', '-1',
    'noon', '2p', '9:30a', '2 p.m.',
  ])('refuses %j', (text) => {
    expect(() => parseTimeOfDay(text)).toThrow(new InvalidInputError(`${TIME_FORM}; got '${text}'`));
  });

  it.each(['13pm', '0am', '00:30am', '14:00pm'])('refuses %j, an hour outside 1-12 with am/pm', (text) => {
    expect(() => parseTimeOfDay(text)).toThrow(
      new InvalidInputError(`${TIME_FORM}; got '${text}' (with am/pm the hour is 1-12)`),
    );
  });
});

describe('addMinutes', () => {
  it.each([
    ['09:00', 60, '10:00'], ['09:30', 45, '10:15'], ['09:00', 90, '10:30'], ['00:00', 0, '00:00'],
    ['23:00', 59, '23:59'], ['10:00', -30, '09:30'], ['00:30', -30, '00:00'], ['08:15', 1440 - 8 * 60 - 16, '23:59'],
  ])('%s + %i minutes = %s', (time, minutes, end) => {
    expect(addMinutes(time, minutes)).toBe(end);
  });

  it.each([
    ['22:30', 90, 'plus 90'], ['23:00', 120, 'plus 120'], ['23:59', 1, 'plus 1'], ['00:30', -31, 'minus 31'],
  ])('refuses %s + %i, which leaves the day', (time, minutes, phrase) => {
    expect(() => addMinutes(time, minutes)).toThrow(
      new InvalidInputError(`${time} ${phrase} minutes leaves the day; times run from 00:00 to 23:59`),
    );
  });

  it.each([
    ['9:00', 60, "expected a time as HH:MM like 09:30; got '9:00'"],
    ['24:00', 0, "expected a time as HH:MM like 09:30; got '24:00'"],
    ['09:00', 1.5, 'expected a whole number of minutes; got 1.5'],
    ['09:00', Number.NaN, 'expected a whole number of minutes; got NaN'],
  ])('refuses %j + %s', (time, minutes, message) => {
    expect(() => addMinutes(time, minutes)).toThrow(new InvalidInputError(message));
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-11-23', '2026-11-23', 0], ['2026-11-23', '2026-11-30', 7], ['2026-11-30', '2026-11-23', -7],
    // Across a change of the clocks and a leap day: calendar days, not 24-hour spans.
    ['2026-03-28', '2026-03-30', 2], ['2028-02-28', '2028-03-01', 2], ['2026-12-31', '2027-01-01', 1],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('refuses a day that is not in the calendar', () => {
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(InvalidInputError);
  });
});

describe('parseHoursSpec', () => {
  it.each([
    {
      spec: '09:00-12:00,13:00-17:00',
      hours: [{ open_time: '09:00', close_time: '12:00' }, { open_time: '13:00', close_time: '17:00' }],
    },
    {
      spec: '9-12, 13-17',
      hours: [{ open_time: '09:00', close_time: '12:00' }, { open_time: '13:00', close_time: '17:00' }],
    },
    { spec: '9am-5pm', hours: [{ open_time: '09:00', close_time: '17:00' }] },
    { spec: ' 9:30 - 17:30 ', hours: [{ open_time: '09:30', close_time: '17:30' }] },
    {
      spec: '13:00-17:00,09:00-12:00',
      hours: [{ open_time: '09:00', close_time: '12:00' }, { open_time: '13:00', close_time: '17:00' }],
    },
    {
      spec: '09:00-12:00,12:00-13:00',
      hours: [{ open_time: '09:00', close_time: '12:00' }, { open_time: '12:00', close_time: '13:00' }],
    },
    { spec: '00:00-23:59', hours: [{ open_time: '00:00', close_time: '23:59' }] },
    { spec: 'closed', hours: [] },
    { spec: ' Closed ', hours: [] },
  ])('$spec', ({ spec, hours }) => {
    expect(parseHoursSpec(spec)).toEqual(hours);
  });

  it.each([
    ['', `${HOURS_FORM}; got ''`],
    ['09:00', `${HOURS_FORM}; got '09:00'`],
    ['9-12,', `${HOURS_FORM}; got '9-12,'`],
    ['9-12-13', `${HOURS_FORM}; got '9-12-13'`],
    ['9-12;13-17', `${HOURS_FORM}; got '9-12;13-17'`],
    ['9-12,1pm-5pm;', `${HOURS_FORM}; '5pm;' in '9-12,1pm-5pm;' is not a time`],
    ['nine-five', `${HOURS_FORM}; 'nine' in 'nine-five' is not a time`],
    ['09:00-24:00', `${HOURS_FORM}; '24:00' in '09:00-24:00' is not a time`],
    ['12:00-09:00', `${HOURS_FORM}; 12:00-09:00 closes before it opens`],
    ['09:00-09:00', `${HOURS_FORM}; 09:00-09:00 closes before it opens`],
    ['22:00-02:00', `${HOURS_FORM}; 22:00-02:00 closes before it opens`],
    ['09:00-12:00,11:00-13:00', `${HOURS_FORM}; 09:00-12:00 overlaps 11:00-13:00`],
    ['13:00-17:00,09:00-13:30', `${HOURS_FORM}; 09:00-13:30 overlaps 13:00-17:00`],
    ['09:00-12:00,09:00-12:00', `${HOURS_FORM}; 09:00-12:00 overlaps 09:00-12:00`],
    ['09:00-17:00,10:00-11:00', `${HOURS_FORM}; 09:00-17:00 overlaps 10:00-11:00`],
  ])('refuses %j', (spec, message) => {
    expect(() => parseHoursSpec(spec)).toThrow(new InvalidInputError(message));
  });
});
