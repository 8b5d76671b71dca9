// `practice appt slots` against a real server: free time from split shifts and closed days less the
// bookings that block with their buffers, the starts where a service or a length fits (exact on the
// edges: a slot may end at closing or start where a buffer ends), today from now on, a buffer across
// midnight, every output form, and bad input refused before any request. Then `appt add` without
// --start: --first-free books the earliest slot, and at a terminal the day's slots are offered.
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateTimeIn } from '../../src/model/when.js';
import { signedInHome } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

// A week far ahead, so "now" never cuts into it: 2030-01-07 is a Monday, 2030-01-12 a Saturday.
const MONDAY = '2030-01-07';
const TUESDAY = '2030-01-08';
const WEDNESDAY = '2030-01-09';
const THURSDAY = '2030-01-10';
const SATURDAY = '2030-01-12';

const book = (date: string, start_time: string, end_time: string, extra: Record<string, string | number> = {}) =>
  createWithApi(home, 'appointments', { client_id: ids.ann!, date, start_time, end_time, ...extra });

async function slots(args: string[]): Promise<any> {
  const result = await home.run(['appt', 'slots', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const starts = (day: { slots: Array<{ start: string }> }) => day.slots.map((slot) => slot.start);

beforeAll(async () => {
  ids.ann = (await createWithApi(home, 'clients', { name: 'Ann Lee' })).id;
  ids.swedish = (await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80, buffer_minutes: 15 })).id;
  expect((await home.run(['hours', 'set', 'mon-fri', '09:00-12:00,13:00-17:00'])).code).toBe(0);
  // 09:00-10:00 keeps 10:15 free of others with its service's buffer; 14:00-15:00 keeps 15:30 with its own.
  await book(MONDAY, '09:00', '10:00', { service_id: ids.swedish! });
  await book(MONDAY, '14:00', '15:00', { buffer_minutes: 30 });
  // Neither blocks: the time is free again.
  await book(MONDAY, '11:00', '12:00', { status: 'cancelled' });
  await book(MONDAY, '13:00', '14:00', { status: 'no_show' });
});

describe('appt slots', () => {
  it('lists the free intervals of the shifts, less bookings and their buffers', async () => {
    const answer = await slots(['--date', MONDAY]);
    expect(answer).toMatchObject({ from: MONDAY, to: MONDAY, time_zone: 'Europe/Berlin', duration_minutes: null, business_hours_set: true });
    expect(answer.days).toEqual([{
      date: MONDAY, day_of_week: 'monday', closed: false, closures: [],
      free: [{ start: '10:15', end: '12:00' }, { start: '13:00', end: '14:00' }, { start: '15:30', end: '17:00' }],
    }]);
  });

  it("offers a service's starts: one may end at closing or start where a buffer ends, and its own buffer must end before the next booking", async () => {
    const answer = await slots(['--date', MONDAY, '--service', 'swedish']);
    expect(answer).toMatchObject({ service_id: ids.swedish, service_name: 'Swedish 60', duration_minutes: 60, buffer_minutes: 15, step_minutes: 15 });
    // 13:00-14:00 plus 15 minutes runs into the 14:00 booking: nothing fits the afternoon's first interval.
    expect(starts(answer.days[0])).toEqual(['10:15', '10:30', '10:45', '11:00', '15:30', '15:45', '16:00']);
    expect(answer.days[0].slots[3]).toEqual({ start: '11:00', end: '12:00' });
  });

  it('offers a bare length without a buffer, on the grid of --step counted from opening', async () => {
    const answer = await slots(['--date', MONDAY, '--duration', '30', '--step', '20']);
    expect(answer).toMatchObject({ duration_minutes: 30, buffer_minutes: 0, step_minutes: 20 });
    // 10:15 is where a buffer ends, then the grid 09:00, 09:20 … resumes at 10:20.
    expect(starts(answer.days[0])).toEqual(['10:15', '10:20', '10:40', '11:00', '11:20', '13:00', '13:20', '15:30', '15:40', '16:00', '16:20']);
  });

  it('names a closed day and covers a range day by day', async () => {
    const answer = await slots(['--from', TUESDAY, '--to', SATURDAY, '--service', 'Swedish 60', '--step', '60']);
    expect(answer.days.map((day: any) => day.date)).toEqual(['2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11', SATURDAY]);
    expect(answer.days.at(-1)).toEqual({ date: SATURDAY, day_of_week: 'saturday', closed: true, closures: [], free: [], slots: [] });
    expect(starts(answer.days[0])).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('prints the agenda by day, CSV rows and iCalendar free windows', async () => {
    const agenda = await home.run(['appt', 'slots', '--from', MONDAY, '--to', '+0d', '--date', MONDAY]);
    expect(agenda.code).toBe(2); // --date with --from: refused, as appt list does

    const table = await home.run(['appt', 'slots', '--date', MONDAY, '--service', 'Swedish 60']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toBe('Monday 2030-01-07\n  10:15-12:00 : 10:15  10:30  10:45  11:00\n  15:30-17:00 : 15:30  15:45  16:00\n');
    const closed = await home.run(['appt', 'slots', '--date', SATURDAY]);
    expect(closed.stdout).toBe('Saturday 2030-01-12\n  closed\n');

    const csv = await home.run(['appt', 'slots', '--date', MONDAY, '--format', 'csv']);
    expect(csv.stdout).toBe('date,start,end\r\n2030-01-07,10:15,12:00\r\n2030-01-07,13:00,14:00\r\n2030-01-07,15:30,17:00\r\n');

    const ics = await home.run(['appt', 'slots', '--date', MONDAY, '--service', 'Swedish 60', '--format', 'ics']);
    const events = new ICAL.Component(ICAL.parse(ics.stdout)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    // Berlin is UTC+1 in January; a window runs from its first start to its last slot's end.
    expect(events.map((event) => [event.summary, event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()])).toEqual([
      ['Free for Swedish 60', '2030-01-07T09:15:00.000Z', '2030-01-07T11:00:00.000Z'],
      ['Free for Swedish 60', '2030-01-07T14:30:00.000Z', '2030-01-07T16:00:00.000Z'],
    ]);
  });

  it('asks the database once for the whole range (rpc/free_time), reading no rows itself', async () => {
    server.received.length = 0;
    await slots(['--from', MONDAY, '--to', '2030-02-06', '--service', 'Swedish 60']);
    const paths = server.received.map((request) => decodeURIComponent(request.url).split('?')[0]);
    expect(paths.filter((path) => path === '/rest/v1/rpc/free_time')).toHaveLength(1);
    expect(paths.filter((path) => path === '/rest/v1/appointments' || path === '/rest/v1/business_hours')).toEqual([]);
  });

  it('skips closures: a half day is left out of the free time and named, a closed day has no slot', async () => {
    await createWithApi(home, 'closures', { starts_at: '2030-01-21T09:00', ends_at: '2030-01-21T12:00', reason: 'training' });
    await createWithApi(home, 'closures', { starts_at: '2030-01-22T00:00', ends_at: '2030-01-23T00:00', reason: 'holidays' });
    const answer = await slots(['--from', '2030-01-21', '--to', '2030-01-22', '--service', 'Swedish 60', '--step', '60']);
    expect(answer.days[0]).toMatchObject({ closures: [{ start: '09:00', end: '12:00', reason: 'training' }], free: [{ start: '13:00', end: '17:00' }] });
    expect(starts(answer.days[0])).toEqual(['13:00', '14:00', '15:00', '16:00']);
    expect(answer.days[1]).toMatchObject({ closed: false, closures: [{ start: '00:00', end: '24:00', reason: 'holidays' }], free: [], slots: [] });
    const agenda = await home.run(['appt', 'slots', '--date', '2030-01-22']);
    expect(agenda.stdout).toContain('closed 00:00-24:00 (holidays)');
    const first = await home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--first-free', '--from', '2030-01-22', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ date: '2030-01-23', start_time: '09:00' });
  });

  it.each([
    [['--from', TUESDAY, '--to', MONDAY], `--to: ${MONDAY} is before --from ${TUESDAY}`],
    [['--date', MONDAY, '--duration', '0'], "--duration: expected a whole number of 1 or more; got '0'"],
    [['--date', MONDAY, '--duration', '1440'], '--duration: at most 1439 minutes'],
    [['--date', MONDAY, '--step', 'often'], "--step: expected a whole number of 1 or more; got 'often'"],
    [['--date', MONDAY, '--service', 'Swedish 60', '--duration', '30'], "option '--service <service>' cannot be used with option '--duration <minutes>'"],
    [['--from', MONDAY, '--to', '2031-01-08'], '--to: at most 366 days from --from 2030-01-07'],
  ])('refuses %j before sending anything', async (args, message) => {
    server.received.length = 0;
    const result = await home.run(['appt', 'slots', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(server.received).toEqual([]);
  });
});

describe('appt slots without business hours', () => {
  it('counts every day as open all day, starts today at now, and sees a buffer across midnight', async () => {
    const open = await signedInHome(server.url, server.keys.anonKey);
    try {
      const client = await createWithApi(open, 'clients', { name: 'Bo' });
      await createWithApi(open, 'appointments', { client_id: client.id, date: MONDAY, start_time: '23:00', end_time: '23:30', buffer_minutes: 60 });
      const before = dateTimeIn(new Date(), 'Europe/Berlin');
      const result = await open.run(['appt', 'slots', '--from', 'today', '--to', 'today', '--json']);
      const after = dateTimeIn(new Date(), 'Europe/Berlin');
      expect(result.code, result.stderr).toBe(0);
      const [today] = JSON.parse(result.stdout).days;
      expect(today.closed).toBe(false);
      // The day until 23:59 from the minute the command ran, unless it ran in the last one.
      if (after.slice(11) < '23:59') {
        expect(today.free).toHaveLength(1);
        expect(`${today.date} ${today.free[0].start}`).toBeOneOf([before, after]);
        expect(today.free[0].end).toBe('23:59');
      }
      const tuesday = JSON.parse((await open.run(['appt', 'slots', '--date', TUESDAY, '--json'])).stdout);
      expect(tuesday.days[0].free).toEqual([{ start: '00:30', end: '23:59' }]);
      expect(tuesday.business_hours_set).toBe(false);
      const agenda = await open.run(['appt', 'slots', '--date', TUESDAY]);
      expect(agenda.stderr).toContain('No business hours are set, so every day counts as open all day');
      expect(agenda.stdout).toBe('Tuesday 2030-01-08\n  00:30-23:59  23h 29m\n');
    } finally {
      await open.cleanup();
    }
  });
});

describe('appt add without --start', () => {
  /** The appointments of a day, read back through the service. */
  async function bookedOn(date: string): Promise<Array<Record<string, any>>> {
    const result = await home.run(['api', 'GET', 'appointments', '-q', `date=eq.${date}`, '-q', 'select=start_time,end_time,buffer_minutes', '-q', 'order=start_time']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  it('books the earliest free slot with --first-free, after the buffer of the one before, and skips closed days', async () => {
    const add = (...args: string[]) => home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--first-free', ...args, '--json']);
    const first = await add('--from', WEDNESDAY);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ date: WEDNESDAY, start_time: '09:00', end_time: '10:00' });
    const second = await add('--date', WEDNESDAY);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ date: WEDNESDAY, start_time: '10:15', end_time: '11:15' });
    expect(await bookedOn(WEDNESDAY)).toEqual([
      { start_time: '09:00', end_time: '10:00', buffer_minutes: 15 },
      { start_time: '10:15', end_time: '11:15', buffer_minutes: 15 },
    ]);
    // Saturday and Sunday are closed: the Monday after.
    const monday = await add('--from', SATURDAY);
    expect(JSON.parse(monday.stdout)).toMatchObject({ date: '2030-01-14', start_time: '09:00' });
  });

  it('says so when the day has no free slot, and books nothing', async () => {
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--first-free', '--date', SATURDAY]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No free slot for Swedish 60 on Saturday 2030-01-12.');
    // The free-time question is a POST to rpc/, a read; nothing else was sent.
    expect(server.received.filter((request) => request.method !== 'GET' && !request.url.startsWith('/rest/v1/rpc/'))).toEqual([]);
  });

  it.each([
    [['--date', THURSDAY], "required option '--start <time>' not specified", 'hint: Pass --start, or --first-free to book the earliest free slot; `practice appt slots --date <day> --service <service>` lists them.'],
    [['--start', '9'], "required option '--date <day>' not specified", ''],
    [['--first-free', '--date', THURSDAY, '--start', '9'], '--first-free: not with --start; it chooses the time itself', ''],
    [['--from', THURSDAY, '--date', THURSDAY, '--start', '9'], '--from: only with --first-free', ''],
    [['--first-free', '--from', 'someday'], "--from: expected a date like 2026-11-23, today, tomorrow, mon or +3d; got 'someday'", ''],
  ])('piped, %j is refused before sending anything', async (args, message, hint) => {
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect(result.stderr).toContain(hint);
    expect(server.received).toEqual([]);
  });

  it('refuses --first-free without a service to take the length from', async () => {
    const result = await home.run(['appt', 'add', '--client', 'Ann Lee', '--first-free']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service: needed to find a free slot, for its duration and buffer');
  });

  it("offers the day's slots at a terminal and books the one chosen", async () => {
    await book(THURSDAY, '09:00', '10:00', { service_id: ids.swedish! });
    const terminal = atTerminal(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--date', THURSDAY], home.env);
    await terminal.waitFor('Which time on Thursday 2030-01-10?');
    await terminal.waitFor('10:15-11:15');
    terminal.type(`${KEY.down}${KEY.down}${KEY.enter}`);
    const { code, screen } = await terminal.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('✔ Which time on Thursday 2030-01-10? 10:45-11:45');
    expect(await bookedOn(THURSDAY)).toMatchObject([{ start_time: '09:00' }, { start_time: '10:45', end_time: '11:45' }]);
  });
});
