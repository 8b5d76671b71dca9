// `appt add --repeat`: a series is checked day by day and booked in one request, all or nothing;
// its rule is stored as RFC 5545 text in the profile's time zone (Europe/Berlin in the test home),
// and the clock time stays put across a change of daylight saving time.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

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
    // 2027-03-28 is the last Sunday of March: Berlin moves from UTC+1 to UTC+2.
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann', '--service', 'Swedish 60', '--date', '2027-03-16', '--start', '10',
      '--repeat', 'weekly', '--count', '4', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(writes()).toEqual(['POST /rest/v1/appointments']);
    const booked = JSON.parse(result.stdout);
    expect(booked.map((row: any) => [row.date, row.start_time, row.end_time])).toEqual([
      ['2027-03-16', '10:00', '11:00'], ['2027-03-23', '10:00', '11:00'], ['2027-03-30', '10:00', '11:00'], ['2027-04-06', '10:00', '11:00'],
    ]);
    expect(new Set(booked.map((row: any) => row.series_id)).size).toBe(1);
    expect(booked[0].recurrence).toBe('DTSTART;TZID=Europe/Berlin:20270316T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4');
    expect(result.stderr).toContain('Booked 4 appointments for Ann Lee, 2027-03-16 to 2027-04-06 at 10:00');

    const shown = await home.run(['appt', 'show', booked[2].id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`series +every week for 4 times; 3 of 4 \\(series ${booked[2].series_id.slice(0, 8)}\\)`));
    expect(shown.stdout).not.toContain('RRULE');
    const json = JSON.parse((await home.run(['appt', 'show', booked[2].id, '--json'])).stdout);
    expect(json).toMatchObject({ series_id: booked[0].series_id, recurrence: booked[0].recurrence });

    // The calendar: one event per appointment, its UID the appointment's, the same on every export.
    const exported = async () => (await home.run(['appt', 'export', '--from', '2027-03-16', '--to', '2027-04-06', '--format', 'ics'])).stdout;
    const uids = (ics: string) => [...ics.matchAll(/^UID:(.+)\r?$/gm)].map((match) => match[1]);
    const first = await exported();
    expect(uids(first)).toEqual(booked.map((row: any) => `${row.id}@practice`));
    expect(uids(await exported())).toEqual(uids(first));
  });

  it('loads rrule only to book a series, never for appt list', async () => {
    // Node names each module it resolves on stderr with NODE_DEBUG=module.
    const traced = { env: { NODE_DEBUG: 'module' } };
    const list = await home.run(['appt', 'list', '--from', '2027-03-01', '--to', '2027-03-31'], traced);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).not.toMatch(/rrule/);
    const series = await home.run(['appt', 'add', '--client', 'Bob', '--date', '2030-06-03', '--start', '7', '--end', '8', '--repeat', 'weekly', '--count', '1', '--yes'], traced);
    expect(series.code, series.stderr).toBe(0);
    expect(series.stderr).toMatch(/rrule/);
  });

  it.each([
    ['biweekly', ['--until', '2027-06-01'], ['2027-05-04', '2027-05-18', '2027-06-01']],
    ['every 3 weeks', ['--count', '3'], ['2027-05-04', '2027-05-25', '2027-06-15']],
    ['monthly', ['--count', '3'], ['2027-05-04', '2027-06-04', '2027-07-04']],
  ])('books %s', async (repeat, end, dates) => {
    const result = await home.run(['appt', 'add', '--client', 'Bob', '--date', '2027-05-04', '--start', '7', '--end', '8',
      '--repeat', repeat, ...end, '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const booked = JSON.parse(result.stdout);
    expect(booked.map((row: any) => row.date)).toEqual(dates);
    // Cleared for the next case, through the service.
    for (const row of booked) expect((await home.run(['appt', 'delete', row.id, '--yes'])).code).toBe(0);
  });

  it('lists every conflict by date and books nothing', async () => {
    // Bob on the third Tuesday at 10:30 (inside Ann's 10:00-11:00); the fourth Tuesday at 11:05, inside the buffer.
    await createWithApi(home, 'appointments', { client_id: ids.bob!, date: '2027-09-21', start_time: '10:30', end_time: '11:30' });
    await createWithApi(home, 'appointments', { client_id: ids.bob!, date: '2027-09-28', start_time: '11:05', end_time: '11:45' });
    server.received.length = 0;
    const args = ['appt', 'add', '--client', 'Ann', '--service', 'Swedish 60', '--date', '2027-09-07', '--start', '10', '--repeat', 'weekly', '--until', '2027-10-05'];
    const result = await home.run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 of 5 days of the series conflict; nothing was booked:');
    expect(result.stderr).toMatch(/2027-09-21: overlaps \w+ Bob Stone, 2027-09-21 10:30-11:30 \(scheduled\)/);
    expect(result.stderr).toMatch(/2027-09-28: overlaps \w+ Bob Stone, 2027-09-28 11:05-11:45 \(scheduled\)/);
    // Only overlaps: --yes would not help, so the hint does not offer it.
    expect(result.stderr).toContain('hint: Add --skip-conflicts to book the other days, or choose another time.');
    expect(writes()).toEqual([]);
    expect(await rows('client_name=eq.Ann Lee', 'date=gte.2027-09-01', 'date=lte.2027-10-31')).toEqual([]);

    const skipping = await home.run([...args, '--skip-conflicts', '--json']);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stderr).toContain('Skipped 2 conflicting days:');
    expect(JSON.parse(skipping.stdout).map((row: any) => row.date)).toEqual(['2027-09-07', '2027-09-14', '2027-10-05']);
  });

  it('counts a closed day and the hours as conflicts, which --yes accepts', async () => {
    // Fridays from 2027-11-05, 16:30-17:30 runs past closing at 17:00.
    const args = ['appt', 'add', '--client', 'Ann', '--date', '2027-11-05', '--start', '16:30', '--end', '17:30', '--repeat', 'weekly', '--count', '2'];
    const refused = await home.run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('2027-11-05: outside business hours');
    expect(refused.stderr).toContain('2027-11-12: outside business hours');
    expect(refused.stderr).toContain('--yes to book outside business hours or in time off anyway');
    const closed = await home.run(['appt', 'add', '--client', 'Ann', '--date', '2027-11-06', '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '1']);
    expect(closed.stderr).toContain('2027-11-06: a closed day');
    expect((await home.run([...args, '--yes'])).code).toBe(0);
  });

  it('lists the days a closure would hit, and --skip-conflicts skips them', async () => {
    // Mondays from 2031-09-01 at 10:00; the practice is away 2031-09-08 and in training the morning of 2031-09-15.
    await createWithApi(home, 'closures', { starts_at: '2031-09-08T00:00', ends_at: '2031-09-09T00:00', reason: 'holidays' });
    await createWithApi(home, 'closures', { starts_at: '2031-09-15T09:00', ends_at: '2031-09-15T12:00' });
    const args = ['appt', 'add', '--client', 'Ann', '--date', '2031-09-01', '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '4'];
    const refused = await home.run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('2 of 4 days of the series conflict; nothing was booked:\n  2031-09-08: closed: holidays\n  2031-09-15: closed\n');
    expect(await rows('date=gte.2031-09-01', 'date=lte.2031-09-30')).toEqual([]);
    const skipping = await home.run([...args, '--skip-conflicts', '--json']);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(JSON.parse(skipping.stdout).map((row: any) => row.date)).toEqual(['2031-09-01', '2031-09-22']);
  });

  it('asks once about an archived client, not once a day', async () => {
    await createWithApi(home, 'clients', { name: 'Old Client', status: 'inactive' });
    const args = ['appt', 'add', '--client', 'Old Client', '--date', '2027-12-06', '--start', '10', '--end', '11', '--repeat', 'weekly', '--count', '3'];
    const refused = await home.run(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr.match(/Old Client is an archived client/g)).toHaveLength(1);
    expect(refused.stderr).toContain('error: Booking a series (an archived client) needs confirmation');
    expect(await rows('date=gte.2027-12-01', 'date=lte.2027-12-31')).toEqual([]);
    expect((await home.run([...args, '--yes'])).code).toBe(0);
    expect(await rows('date=gte.2027-12-01', 'date=lte.2027-12-31')).toHaveLength(3);
  });

  it('books one of two series started at once for the same times; the other books nothing', async () => {
    // Each passes or fails the check; whichever inserts second is refused by the database, whole.
    const series = (client: string) => home.run(['appt', 'add', '--client', client, '--date', '2028-01-04', '--start', '10', '--end', '11',
      '--repeat', 'weekly', '--count', '6']);
    const results = await Promise.all([series('Ann'), series('Bob')]);
    expect(results.map((result) => result.code).sort()).toEqual([0, 1]);
    const refused = results.find((result) => result.code === 1)!;
    expect(refused.stderr).toMatch(/nothing was booked/);
    const booked = await rows('date=gte.2028-01-01', 'date=lte.2028-02-29');
    expect(booked).toHaveLength(6);
    expect(new Set(booked.map((row) => row.client_name)).size).toBe(1);
  });

  it.each([
    [['--repeat', 'daily', '--count', '3'], "--repeat: unknown repeat 'daily'; expected weekly, biweekly, monthly or 'every N weeks'"],
    [['--repeat', 'weekly'], '--repeat: give how long, with --count N or --until DAY (one of them)'],
    [['--repeat', 'weekly', '--count', '2', '--until', '2028-03-01'], '--repeat: give how long'],
    [['--count', '3'], '--count: only with --repeat'],
    [['--repeat', 'weekly', '--count', '0'], '--count: expected a whole number of 1 or more'],
    [['--repeat', 'weekly', '--count', '105'], '--count: a series has at most 104 appointments'],
    [['--repeat', 'every 2 weeks', '--until', '2032-12-31'], '--repeat: a series has at most 104 appointments; this one would have more'],
    [['--repeat', 'weekly', '--until', '2028-01-01'], '--repeat: the series ends before its first day 2028-02-01'],
  ])('refuses %j before sending anything', async (flags, message) => {
    server.received.length = 0;
    const result = await home.run(['appt', 'add', '--client', 'Ann', '--date', '2028-02-01', '--start', '10', '--end', '11', ...flags]);
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
    const ids = await series('2029-01-03', 5);
    server.received.length = 0;
    const result = await home.run(['appt', 'cancel', ids[2]!, '--following']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Cancelled 3 appointments of the series, 2029-01-17 to 2029-01-31.');
    expect(writes()).toEqual(['PATCH /rest/v1/appointments']);
    expect((await rows('date=gte.2029-01-01', 'date=lte.2029-01-31')).map((row) => row.status))
      .toEqual(['scheduled', 'scheduled', 'cancelled', 'cancelled', 'cancelled']);
  });

  it('--series reaches only what has not happened; a held visit stays as it is', async () => {
    // Past days: the series began in 2025, so only the future ones are reached.
    const past = await home.run(['appt', 'add', '--client', 'Bob', '--date', '2025-01-01', '--start', '12', '--end', '13', '--repeat', 'weekly', '--count', '2', '--yes', '--json']);
    const [first] = JSON.parse(past.stdout);
    expect((await home.run(['appt', 'cancel', first.id, '--series'])).stderr).toContain('No scheduled or confirmed appointment of the series is still to come; nothing changed.');
    const ids = await series('2029-03-07', 3);
    expect((await home.run(['appt', 'complete', ids[0]!, '--yes'])).code).toBe(0);
    const result = await home.run(['appt', 'cancel', ids[1]!, '--series', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).map((row: any) => row.date)).toEqual(['2029-03-14', '2029-03-21']);
    expect((await rows('date=gte.2029-03-01', 'date=lte.2029-03-31')).map((row) => row.status)).toEqual(['completed', 'cancelled', 'cancelled']);
  });

  it('moves the following ones by the same shift, as a series of their own', async () => {
    const ids = await series('2029-05-02', 4);
    // The third, Wednesday 12:00, to Thursday 14:00: every later one moves a day and two hours.
    const result = await home.run(['appt', 'reschedule', ids[2]!, '--date', '2029-05-17', '--start', '14', '--following', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const moved = JSON.parse(result.stdout);
    expect(moved.map((row: any) => [row.date, row.start_time, row.end_time])).toEqual([['2029-05-17', '14:00', '15:00'], ['2029-05-24', '14:00', '15:00']]);
    const all = await rows('date=gte.2029-05-01', 'date=lte.2029-05-31');
    expect(all.map((row) => `${row.date} ${row.start_time}`)).toEqual(['2029-05-02 12:00', '2029-05-09 12:00', '2029-05-17 14:00', '2029-05-24 14:00']);
    expect(moved[0].series_id).not.toBe(all[0]!.series_id);
    expect(moved[0].recurrence).toBe('DTSTART;TZID=Europe/Berlin:20290517T140000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=2');
    const shown = await home.run(['appt', 'show', moved[1].id]);
    expect(shown.stdout).toContain('every week for 2 times; 2 of 2');
  });

  it('refuses a shift past the next appointment, and a move onto a booked time, changing nothing', async () => {
    const ids = await series('2029-07-04', 3);
    const before = await rows('date=gte.2029-07-01', 'date=lte.2029-07-31');
    const far = await home.run(['appt', 'reschedule', ids[0]!, '--date', '2029-07-11', '--series']);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('--date: moving by 7 days would carry an appointment onto or past the next one of the series (7 days apart)');
    await createWithApi(home, 'appointments', { client_id: before[0]!.client_id, date: '2029-07-18', start_time: '15:00', end_time: '16:00' });
    const blocked = await home.run(['appt', 'reschedule', ids[0]!, '--start', '15', '--series']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('1 of 3 new days conflict; nothing was moved:');
    expect(blocked.stderr).toMatch(/2029-07-18: overlaps \w+ Bob Stone, 2029-07-18 15:00-16:00/);
    expect((await rows('date=gte.2029-07-01', 'date=lte.2029-07-31')).filter((row) => row.series_id)).toEqual(before);
    const single = await home.run(['appt', 'cancel', (await createWithApi(home, 'appointments', { client_id: before[0]!.client_id, date: '2029-08-01', start_time: '09:00', end_time: '10:00' })).id, '--following']);
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('is not part of a series.');
  });
});
