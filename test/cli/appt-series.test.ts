// `appt add --repeat`: a series is checked day by day and booked in one request, all or nothing;
// its rule is stored as RFC 5545 text in the profile's time zone (Europe/Berlin in the test home),
// and the clock time stays put across a change of daylight saving time.
import { beforeAll, describe, expect, it } from 'vitest';
import { clockChangeAfter, daysAhead, plusDays, plusMonths, weekdayFrom } from '../helpers/days.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

// Days counted from today, so that every one is still ahead when the suite runs (a series of past
// days would be past visits, and --following and --series reach only what has not happened).
// Berlin's next change to summer time at least 20 days ahead, and the Tuesday 7 to 13 days before it:
// a weekly series from then has two visits before the change and two after.
const SUMMER_TIME = clockChangeAfter('Europe/Berlin', daysAhead(19), 'forward');
const DST_FIRST = weekdayFrom(plusDays(SUMMER_TIME, -13), 2);
// After it, each test books in a span of ten weeks of its own, from a Monday: what one test books,
// or finds free, no other test touches.
const LATER = weekdayFrom(plusDays(SUMMER_TIME, 21), 1);
const span = (n: number) => plusDays(LATER, 70 * n);
/** `-q` filters for the days of span `n`. */
const inSpan = (n: number) => [`date=gte.${span(n)}`, `date=lte.${plusDays(span(n), 69)}`];
const weekly = (first: string, count: number) => Array.from({ length: count }, (_, i) => plusDays(first, 7 * i));
/** A day as RFC 5545 writes it in DTSTART: 20270316. */
const compact = (day: string) => day.replaceAll('-', '');

// A POST to rpc/ asks a stable function (the series check): a read, not a write.
const writes = () => server.received.filter((request) => request.method !== 'GET' && !request.url.startsWith('/rest/v1/rpc/')).map((request) => `${request.method} ${request.url.split('?')[0]}`);

/** Appointments matching every `key=value` filter, in time order. */
async function rows(...filters: string[]): Promise<Array<Record<string, any>>> {
  const result = await home.run(['api', 'GET', 'appointments', ...filters.flatMap((filter) => ['-q', filter]), '-q', 'order=date,start_time']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  ids.ann = (await createWithApi(home, 'clients', { name: 'Ann Lee' })).id;
  ids.bob = (await createWithApi(home, 'clients', { name: 'Bob Stone' })).id;
  await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80, buffer_minutes: 15 });
  expect((await home.run(['hours', 'set', 'mon-fri', '09:00-17:00'])).code).toBe(0);
});

describe('appt add --repeat', () => {
  it('books every week at the same clock time across the change to summer time, in one request', async () => {
    // Berlin moves from UTC+1 to UTC+2 on SUMMER_TIME (the last Sunday of March), between the second and third.
    const days = weekly(DST_FIRST, 4);
    expect(days[1]! < SUMMER_TIME && SUMMER_TIME <= days[2]!).toBe(true);
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann', '--service', 'Swedish 60', '--date', DST_FIRST, '--start', '10',
      '--repeat', 'weekly', '--count', '4', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(writes()).toEqual(['POST /rest/v1/appointments']);
    const booked = JSON.parse(result.stdout);
    expect(booked.map((row: any) => [row.date, row.start_time, row.end_time])).toEqual(days.map((day) => [day, '10:00', '11:00']));
    expect(new Set(booked.map((row: any) => row.series_id)).size).toBe(1);
    expect(booked[0].recurrence).toBe(`DTSTART;TZID=Europe/Berlin:${compact(DST_FIRST)}T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4`);
    expect(result.stderr).toContain(`Booked 4 appointments for Ann Lee, ${days[0]} to ${days[3]} at 10:00`);

    const shown = await home.run(['appt', 'show', booked[2].id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`series +every week for 4 times; 3 of 4 \\(series ${booked[2].series_id.slice(0, 8)}\\)`));
    expect(shown.stdout).not.toContain('RRULE');
    const json = JSON.parse((await home.run(['appt', 'show', booked[2].id, '--json'])).stdout);
    expect(json).toMatchObject({ series_id: booked[0].series_id, recurrence: booked[0].recurrence });

    // The calendar: one event per appointment, its UID the appointment's, the same on every export.
    const exported = async () => (await home.run(['appt', 'export', '--from', days[0]!, '--to', days[3]!, '--format', 'ics'])).stdout;
    const uids = (ics: string) => [...ics.matchAll(/^UID:(.+)\r?$/gm)].map((match) => match[1]);
    const first = await exported();
    expect(uids(first)).toEqual(booked.map((row: any) => `${row.id}@practice`));
    expect(uids(await exported())).toEqual(uids(first));
  });

  it('loads rrule only to book a series, never for appt list', async () => {
    // Node names each module it resolves on stderr with NODE_DEBUG=module.
    const traced = { env: { NODE_DEBUG: 'module' } };
    const list = await home.run(['appt', 'list', '--from', DST_FIRST, '--to', plusDays(DST_FIRST, 21)], traced);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).not.toMatch(/rrule/);
    const series = await home.run(['appt', 'add', '--client', 'Bob', '--date', span(0), '--start', '7', '--end', '8', '--repeat', 'weekly', '--count', '1', '--yes'], traced);
    expect(series.code, series.stderr).toBe(0);
    expect(series.stderr).toMatch(/rrule/);
  });

  // A Tuesday of span 1 on or before the 28th, so that a monthly series keeps its day of the month.
  const early = [1, 8].map((n) => plusDays(span(1), n)).find((day) => Number(day.slice(8)) <= 28)!;
  it.each([
    ['biweekly', ['--until', plusDays(early, 28)], [early, plusDays(early, 14), plusDays(early, 28)]],
    ['every 3 weeks', ['--count', '3'], [early, plusDays(early, 21), plusDays(early, 42)]],
    ['monthly', ['--count', '3'], [early, plusMonths(early, 1), plusMonths(early, 2)]],
  ])('books %s', async (repeat, end, dates) => {
    const result = await home.run(['appt', 'add', '--client', 'Bob', '--date', early, '--start', '7', '--end', '8',
      '--repeat', repeat, ...end, '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const booked = JSON.parse(result.stdout);
    expect(booked.map((row: any) => row.date)).toEqual(dates);
    // Cleared for the next case, through the service.
    for (const row of booked) expect((await home.run(['appt', 'delete', row.id, '--yes'])).code).toBe(0);
  });

  it('lists every conflict by date and books nothing', async () => {
    // Tuesdays of span 2. Bob on the third at 10:30 (inside Ann's 10:00-11:00); the fourth at 11:05, inside the buffer.
    const tuesdays = weekly(plusDays(span(2), 1), 5);
    await createWithApi(home, 'appointments', { client_id: ids.bob!, date: tuesdays[2]!, start_time: '10:30', end_time: '11:30' });
    await createWithApi(home, 'appointments', { client_id: ids.bob!, date: tuesdays[3]!, start_time: '11:05', end_time: '11:45' });
    server.received.length = 0;
    const args = ['appt', 'add', '--client', 'Ann', '--service', 'Swedish 60', '--date', tuesdays[0]!, '--start', '10', '--repeat', 'weekly', '--until', tuesdays[4]!];
    const result = await home.run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 of 5 days of the series conflict; nothing was booked:');
    expect(result.stderr).toMatch(new RegExp(`${tuesdays[2]}: overlaps \\w+ Bob Stone, ${tuesdays[2]} 10:30-11:30 \\(scheduled\\)`));
    expect(result.stderr).toMatch(new RegExp(`${tuesdays[3]}: overlaps \\w+ Bob Stone, ${tuesdays[3]} 11:05-11:45 \\(scheduled\\)`));
    // Only overlaps: --yes would not help, so the hint does not offer it.
    expect(result.stderr).toContain('hint: Add --skip-conflicts to book the other days, or choose another time.');
    expect(writes()).toEqual([]);
    expect(await rows('client_name=eq.Ann Lee', ...inSpan(2))).toEqual([]);

    const skipping = await home.run([...args, '--skip-conflicts', '--json']);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stderr).toContain('Skipped 2 conflicting days:');
    expect(JSON.parse(skipping.stdout).map((row: any) => row.date)).toEqual([tuesdays[0], tuesdays[1], tuesdays[4]]);
  });

  it('counts a closed day and the hours as conflicts, which --yes accepts', async () => {
    // Two Fridays of span 3, 16:30-17:30: runs past closing at 17:00.
    const friday = plusDays(span(3), 4);
    const args = ['appt', 'add', '--client', 'Ann', '--date', friday, '--start', '16:30', '--end', '17:30', '--repeat', 'weekly', '--count', '2'];
    const refused = await home.run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${friday}: outside business hours`);
    expect(refused.stderr).toContain(`${plusDays(friday, 7)}: outside business hours`);
    expect(refused.stderr).toContain('--yes to book outside business hours or in time off anyway');
    const closed = await home.run(['appt', 'add', '--client', 'Ann', '--date', plusDays(friday, 1), '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '1']);
    expect(closed.stderr).toContain(`${plusDays(friday, 1)}: a closed day`);
    expect((await home.run([...args, '--yes'])).code).toBe(0);
  });

  it('lists the days a closure would hit, and --skip-conflicts skips them', async () => {
    // Four Mondays of span 4 at 10:00; the practice is away the second and in training the morning of the third.
    const mondays = weekly(span(4), 4);
    await createWithApi(home, 'closures', { starts_at: `${mondays[1]}T00:00`, ends_at: `${plusDays(mondays[1]!, 1)}T00:00`, reason: 'holidays' });
    await createWithApi(home, 'closures', { starts_at: `${mondays[2]}T09:00`, ends_at: `${mondays[2]}T12:00` });
    const args = ['appt', 'add', '--client', 'Ann', '--date', mondays[0]!, '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '4'];
    const refused = await home.run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`2 of 4 days of the series conflict; nothing was booked:\n  ${mondays[1]}: closed: holidays\n  ${mondays[2]}: closed\n`);
    expect(await rows(...inSpan(4))).toEqual([]);
    const skipping = await home.run([...args, '--skip-conflicts', '--json']);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(JSON.parse(skipping.stdout).map((row: any) => row.date)).toEqual([mondays[0], mondays[3]]);
  });

  it('asks once about an archived client, not once a day', async () => {
    await createWithApi(home, 'clients', { name: 'Old Client', status: 'inactive' });
    const args = ['appt', 'add', '--client', 'Old Client', '--date', span(5), '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '3'];
    const refused = await home.run(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr.match(/Old Client is an archived client/g)).toHaveLength(1);
    expect(refused.stderr).toContain('error: Booking a series (an archived client) needs confirmation');
    expect(await rows(...inSpan(5))).toEqual([]);
    expect((await home.run([...args, '--yes'])).code).toBe(0);
    expect(await rows(...inSpan(5))).toHaveLength(3);
  });

  it('books one of two series started at once for the same times; the other books nothing', async () => {
    // Each passes or fails the check; whichever inserts second is refused by the database, whole.
    const series = (client: string) => home.run(['appt', 'add', '--client', client, '--date', plusDays(span(6), 1), '--start', '10', '--end', '11',
      '--repeat', 'weekly', '--count', '6']);
    const results = await Promise.all([series('Ann'), series('Bob')]);
    expect(results.map((result) => result.code).sort()).toEqual([0, 1]);
    const refused = results.find((result) => result.code === 1)!;
    expect(refused.stderr).toMatch(/nothing was booked/);
    const booked = await rows(...inSpan(6));
    expect(booked).toHaveLength(6);
    expect(new Set(booked.map((row) => row.client_name)).size).toBe(1);
  });

  // A Tuesday of span 7; nothing is booked there.
  const refusedOn = plusDays(span(7), 1);
  it.each([
    [['--repeat', 'daily', '--count', '3'], "--repeat: unknown repeat 'daily'; expected weekly, biweekly, monthly or 'every N weeks'"],
    [['--repeat', 'weekly'], '--repeat: give how long, with --count N or --until DAY (one of them)'],
    [['--repeat', 'weekly', '--count', '2', '--until', plusDays(refusedOn, 29)], '--repeat: give how long'],
    [['--count', '3'], '--count: only with --repeat'],
    [['--repeat', 'weekly', '--count', '0'], '--count: expected a whole number of 1 or more'],
    [['--repeat', 'weekly', '--count', '105'], '--count: a series has at most 104 appointments'],
    // Every two weeks for 125 times.
    [['--repeat', 'every 2 weeks', '--until', plusDays(refusedOn, 14 * 124)], '--repeat: a series has at most 104 appointments; this one would have more'],
    [['--repeat', 'weekly', '--until', plusDays(refusedOn, -31)], `--repeat: the series ends before its first day ${refusedOn}`],
  ])('refuses %j before sending anything', async (flags, message) => {
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann', '--date', refusedOn, '--start', '10', '--end', '11', ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect(writes()).toEqual([]);
  });
});

describe('cancel and reschedule --following / --series', () => {
  /** A weekly series of `count` Wednesdays from `first` at 12:00-13:00; its ids in order. */
  async function series(first: string, count: number): Promise<string[]> {
    const result = await home.run(['appt', 'add', '--client', 'Bob', '--date', first, '--start', '12', '--end', '13', '--repeat', 'weekly', '--count', String(count), '--json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).map((row: any) => row.id);
  }

  it('cancels one and the later ones in one request, leaving the earlier ones', async () => {
    const wednesdays = weekly(plusDays(span(8), 2), 5);
    const ids = await series(wednesdays[0]!, 5);
    server.received.length = 0;
    const result = await home.run(['appt', 'cancel', ids[2]!, '--following']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Cancelled 3 appointments of the series, ${wednesdays[2]} to ${wednesdays[4]}.`);
    expect(writes()).toEqual(['PATCH /rest/v1/appointments']);
    expect((await rows(...inSpan(8))).map((row) => row.status))
      .toEqual(['scheduled', 'scheduled', 'cancelled', 'cancelled', 'cancelled']);
  });

  it('--series reaches only what has not happened; a held visit stays as it is', async () => {
    // Past days: the series began in 2025, so only the future ones are reached.
    const past = await home.run(['appt', 'add', '--client', 'Bob', '--date', '2025-01-01', '--start', '12', '--end', '13', '--repeat', 'weekly', '--count', '2', '--yes', '--json']);
    const [first] = JSON.parse(past.stdout);
    expect((await home.run(['appt', 'cancel', first.id, '--series'])).stderr).toContain('No scheduled or confirmed appointment of the series is still to come; nothing changed.');
    const wednesdays = weekly(plusDays(span(9), 2), 3);
    const ids = await series(wednesdays[0]!, 3);
    expect((await home.run(['appt', 'complete', ids[0]!, '--yes'])).code).toBe(0);
    const result = await home.run(['appt', 'cancel', ids[1]!, '--series', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).map((row: any) => row.date)).toEqual([wednesdays[1], wednesdays[2]]);
    expect((await rows(...inSpan(9))).map((row) => row.status)).toEqual(['completed', 'cancelled', 'cancelled']);
  });

  it('moves the following ones by the same shift, as a series of their own', async () => {
    const wednesdays = weekly(plusDays(span(10), 2), 4);
    const ids = await series(wednesdays[0]!, 4);
    // The third, Wednesday 12:00, to Thursday 14:00: every later one moves a day and two hours.
    const [thursday, next] = [plusDays(wednesdays[2]!, 1), plusDays(wednesdays[3]!, 1)];
    const result = await home.run(['appt', 'reschedule', ids[2]!, '--date', thursday, '--start', '14', '--following', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const moved = JSON.parse(result.stdout);
    expect(moved.map((row: any) => [row.date, row.start_time, row.end_time])).toEqual([[thursday, '14:00', '15:00'], [next, '14:00', '15:00']]);
    const all = await rows(...inSpan(10));
    expect(all.map((row) => `${row.date} ${row.start_time}`)).toEqual([`${wednesdays[0]} 12:00`, `${wednesdays[1]} 12:00`, `${thursday} 14:00`, `${next} 14:00`]);
    expect(moved[0].series_id).not.toBe(all[0]!.series_id);
    expect(moved[0].recurrence).toBe(`DTSTART;TZID=Europe/Berlin:${compact(thursday)}T140000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=2`);
    const shown = await home.run(['appt', 'show', moved[1].id]);
    expect(shown.stdout).toContain('every week for 2 times; 2 of 2');
  });

  it('refuses a shift past the next appointment, and a move onto a booked time, changing nothing', async () => {
    const wednesdays = weekly(plusDays(span(11), 2), 5);
    const ids = await series(wednesdays[0]!, 3);
    const before = await rows(...inSpan(11));
    const far = await home.run(['appt', 'reschedule', ids[0]!, '--date', wednesdays[1]!, '--series']);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('--date: moving by 7 days would carry an appointment onto or past the next one of the series (7 days apart)');
    await createWithApi(home, 'appointments', { client_id: before[0]!.client_id, date: wednesdays[2]!, start_time: '15:00', end_time: '16:00' });
    const blocked = await home.run(['appt', 'reschedule', ids[0]!, '--start', '15', '--series']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('1 of 3 new days conflict; nothing was moved:');
    expect(blocked.stderr).toMatch(new RegExp(`${wednesdays[2]}: overlaps \\w+ Bob Stone, ${wednesdays[2]} 15:00-16:00`));
    expect((await rows(...inSpan(11))).filter((row) => row.series_id)).toEqual(before);
    const single = await home.run(['appt', 'cancel', (await createWithApi(home, 'appointments', { client_id: before[0]!.client_id, date: wednesdays[4]!, start_time: '09:00', end_time: '10:00' })).id, '--following']);
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('is not part of a series.');
  });
});
