import { describe, expect, it } from 'vitest';
import { availability, daysFrom, type FreeTimeInput } from '../../src/model/free-time.js';

// 2030-01-07 is a Monday.
const MONDAY = '2030-01-07';
const LONG_AGO = '2000-01-01 00:00';

const input = (overrides: Partial<FreeTimeInput>): FreeTimeInput => ({
  days: [MONDAY],
  hours: [{ day_of_week: 'monday', open_time: '09:00:00', close_time: '12:00:00' }],
  booked: [],
  notBefore: LONG_AGO,
  ...overrides,
});

const startsOf = (free: FreeTimeInput, duration: number, buffer = 0, step = 60) =>
  availability(free, { duration, buffer, step })[0]!.slots!.map((slot) => slot.start);

describe('availability', () => {
  it('lets a visit end exactly at closing, with its buffer after it', () => {
    expect(startsOf(input({}), 60, 30)).toEqual(['09:00', '10:00', '11:00']);
  });

  it('offers the minute a buffer ends, then the grid from opening', () => {
    const booked = [{ date: MONDAY, start_time: '09:00', end_time: '09:30', buffer_minutes: 10 }];
    expect(startsOf(input({ booked }), 30)).toEqual(['09:40', '10:00', '11:00']);
  });

  it("needs the visit's own buffer to end by the next booking, which it may touch", () => {
    const booked = [{ date: MONDAY, start_time: '11:00', end_time: '12:00', buffer_minutes: 0 }];
    expect(startsOf(input({ booked }), 45, 15, 15)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    expect(startsOf(input({ booked }), 45, 16, 15)).toEqual(['09:00', '09:15', '09:30', '09:45']);
  });

  it('merges bookings that touch, and ignores none of them', () => {
    const booked = [
      { date: MONDAY, start_time: '09:30', end_time: '10:00', buffer_minutes: 15 },
      { date: MONDAY, start_time: '10:15', end_time: '10:45', buffer_minutes: 0 },
    ];
    expect(availability(input({ booked }))[0]!.free).toEqual([{ start: '09:00', end: '09:30' }, { start: '10:45', end: '12:00' }]);
  });

  it('starts today at now, on the grid rather than at the odd minute', () => {
    const today = input({ notBefore: `${MONDAY} 09:07` });
    expect(availability(today)[0]!.free).toEqual([{ start: '09:07', end: '12:00' }]);
    expect(startsOf(today, 60, 0, 15)).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(availability(input({ notBefore: `${MONDAY} 12:00` }))[0]!.free).toEqual([]);
  });

  it('sees a buffer that crosses midnight from the day before', () => {
    const hours: FreeTimeInput['hours'] = [];
    const booked = [{ date: '2030-01-06', start_time: '23:30', end_time: '23:50', buffer_minutes: 40 }];
    expect(availability(input({ hours, booked }))[0]).toMatchObject({ closed: false, free: [{ start: '00:30', end: '23:59' }] });
  });

  it('names a day without hours closed, when the practice has hours', () => {
    expect(availability(input({ days: ['2030-01-08'] }), { duration: 30, buffer: 0, step: 15 })).toEqual([
      { date: '2030-01-08', day_of_week: 'tuesday', closed: true, free: [], slots: [] },
    ]);
  });
});

describe('daysFrom', () => {
  it('lists the days of a range, both ends included, across a month', () => {
    expect(daysFrom('2030-01-30', '2030-02-02')).toEqual(['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02']);
    expect(daysFrom('2030-01-30', '2030-01-29')).toEqual([]);
  });
});
