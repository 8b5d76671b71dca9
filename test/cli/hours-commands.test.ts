// `practice hours show/set` end to end: a week Monday to Sunday, a day's rows replaced (split shifts,
// closed), the exact requests sent, bad days and specs refused before sending (exit 2).
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home, me } = await signedInCli({ recordRequests: true });

const hoursRequests = () => server.received.filter((request) => request.url.startsWith('/rest/v1/business_hours'));

describe('practice hours', () => {
  it('shows a closed week before any hours are set', async () => {
    const result = await home.run(['hours', 'show']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => `${day}\tclosed\n`).join(''));
    expect(hoursRequests()).toEqual([{ method: 'GET', url: `/rest/v1/business_hours?therapist_id=eq.${me}&order=id.asc` }]);
  });

  it('sets a day with split shifts, replacing its rows', async () => {
    const first = await home.run(['hours', 'set', 'Mon', '9am-5pm']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Monday: 09:00-17:00.');
    server.received.length = 0;

    const split = await home.run(['hours', 'set', 'monday', '13:00-17:00,09:00-12:00']);
    expect(split.code, split.stderr).toBe(0);
    expect(split.stderr).toContain('Monday: 09:00-12:00,13:00-17:00.');
    expect(hoursRequests()).toEqual([
      { method: 'DELETE', url: `/rest/v1/business_hours?therapist_id=eq.${me}&day_of_week=in.(monday)` },
      { method: 'POST', url: '/rest/v1/business_hours' },
    ]);

    expect((await home.run(['hours', 'set', 'sat', '10:00-14:00'])).code).toBe(0);
    const shown = await home.run(['hours', 'show', '--json']);
    const week = JSON.parse(shown.stdout).map(({ id, ...row }: Record<string, unknown>) => ({ stored: id !== null, ...row }));
    // One row per interval, and a closed day as one row without times: the shape `hours set` prints too.
    expect(week).toEqual([
      { stored: true, day_of_week: 'monday', open_time: '09:00', close_time: '12:00' },
      { stored: true, day_of_week: 'monday', open_time: '13:00', close_time: '17:00' },
      ...['tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ stored: false, day_of_week: day, open_time: null, close_time: null })),
      { stored: true, day_of_week: 'saturday', open_time: '10:00', close_time: '14:00' },
      { stored: false, day_of_week: 'sunday', open_time: null, close_time: null },
    ]);
    const rows = await home.run(['api', 'GET', 'business_hours', '-q', 'day_of_week=eq.monday', '-q', 'select=open_time,close_time', '-q', 'order=open_time']);
    expect(JSON.parse(rows.stdout)).toEqual([{ open_time: '09:00', close_time: '12:00' }, { open_time: '13:00', close_time: '17:00' }]);
  });

  it('prints the week as lines `hours set` takes back', async () => {
    const result = await home.run(['hours', 'show', '--format', 'csv']);
    const [header, monday, , tuesday] = result.stdout.split('\r\n');
    expect(header).toBe('id,day_of_week,open_time,close_time');
    expect(monday).toMatch(/^[0-9a-f-]{36},monday,09:00,12:00$/);
    expect(tuesday).toBe(',tuesday,,');
    const tsv = await home.run(['hours', 'show']);
    expect(tsv.stdout.split('\n')[0]).toBe('monday\t09:00-12:00,13:00-17:00');
  });

  it('closes a day', async () => {
    const result = await home.run(['hours', 'set', 'saturday', 'closed']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Saturday: closed.');
    expect(hoursRequests().map((request) => request.method)).toEqual(['DELETE']);
    const week = JSON.parse((await home.run(['hours', 'show', '--json'])).stdout);
    expect(week.filter((row: { day_of_week: string }) => row.day_of_week === 'saturday')).toEqual([{ id: null, day_of_week: 'saturday', open_time: null, close_time: null }]);
    // The day's rows are gone from the table, not hidden: `hours set <day> closed` is the delete.
    const rows = await home.run(['api', 'GET', 'business_hours', '-q', 'day_of_week=eq.saturday']);
    expect(JSON.parse(rows.stdout)).toEqual([]);
  });

  it('refuses a bad day or spec naming it, before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['funday', '09:00-17:00'], "<days>: expected days of the week like monday, mon-fri, sat,sun, weekdays or weekend; got 'funday'"],
      [['mon-funday', '09:00-17:00'], "<days>: expected days of the week like monday, mon-fri, sat,sun, weekdays or weekend; got 'mon-funday'"],
      [['monday', '09:00'], '<spec>: expected hours like 09:00-12:00,13:00-17:00'],
      [['monday', '17:00-09:00'], '17:00-09:00 closes before it opens'],
      [['monday', '09:00-12:00,11:00-13:00'], '09:00-12:00 overlaps 11:00-13:00'],
      [['monday', '25:00-26:00'], "'25:00' in '25:00-26:00' is not a time"],
      [['monday'], "missing required argument 'spec'"],
    ] as const) {
      const result = await home.run(['hours', 'set', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(hoursRequests()).toEqual([]);
    const week = JSON.parse((await home.run(['hours', 'show', '--json'])).stdout);
    expect(week.filter((row: { day_of_week: string }) => row.day_of_week === 'monday')).toHaveLength(2);
  });

  it('sets several days at once: a range, then a group closed, in one DELETE and one POST', async () => {
    server.received.length = 0;
    const range = await home.run(['hours', 'set', 'mon-fri', '9am-5pm', '--json', 'day_of_week,open_time,close_time']);
    expect(range.code, range.stderr).toBe(0);
    expect(range.stderr).toContain('Monday, Tuesday, Wednesday, Thursday, Friday: 09:00-17:00.');
    expect(JSON.parse(range.stdout)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => (
      { day_of_week: day, open_time: '09:00', close_time: '17:00' })));
    expect(hoursRequests()).toEqual([
      { method: 'DELETE', url: `/rest/v1/business_hours?therapist_id=eq.${me}&day_of_week=in.(monday,tuesday,wednesday,thursday,friday)` },
      { method: 'POST', url: '/rest/v1/business_hours' },
    ]);
    expect((await home.run(['hours', 'set', 'sat', '10:00-14:00'])).code).toBe(0);
    const saturday = await home.run(['api', 'GET', 'business_hours', '-q', 'day_of_week=eq.saturday']);
    expect(JSON.parse(saturday.stdout)).toHaveLength(1);

    const weekend = await home.run(['hours', 'set', 'weekend', 'closed']);
    expect(weekend.code, weekend.stderr).toBe(0);
    expect(weekend.stderr).toContain('Saturday, Sunday: closed.');
    const week = JSON.parse((await home.run(['hours', 'show', '--json', 'day_of_week,open_time'])).stdout);
    expect(week).toEqual([
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day_of_week: day, open_time: '09:00' })),
      { day_of_week: 'saturday', open_time: null }, { day_of_week: 'sunday', open_time: null },
    ]);
    const closedCsv = await home.run(['hours', 'set', 'weekend', 'closed', '--format', 'csv']);
    expect(closedCsv.stdout).toBe('id,day_of_week,open_time,close_time\r\n,saturday,,\r\n,sunday,,\r\n');
  });
});
