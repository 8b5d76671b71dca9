// `practice appt list|today|week|show` end to end: the exact REST queries each sends, the rows it
// prints with their services' names, names and id prefixes for --client and ids, the note that names
// what an empty list was asked for, and bad flags refused before any request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todayIn, weekOf } from '../../src/model/when.js';
import { signedInHome } from '../helpers/cli.js';
import { atTerminal } from '../helpers/terminal.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createWithApi } from '../helpers/signed-in-cli.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
let me: string;
let swedish: string;
const clients: Record<string, string> = {};
const appts: Record<string, string> = {};

const create = (table: string, fields: Record<string, string | number>) => createWithApi(home, table, fields);

/** The requests to the appointments table since the last test, query strings decoded. */
const sent = (table = 'appointments') => server.received
  .filter((request) => request.url.startsWith(`/rest/v1/${table}`))
  .map((request) => `${request.method} ${decodeURIComponent(request.url)}`);

beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
  home = await signedInHome(server.url, server.keys.anonKey);
  me = JSON.parse((await home.run(['api', 'GET', '/auth/v1/user'])).stdout).id;
  for (const name of ['Ann Lee', 'Anna Berg', 'Bob Stone']) clients[name] = (await create('clients', { name })).id;
  swedish = (await create('service_menu', { name: 'Swedish 60', duration: 60, price: 80 })).id;
  // The fixed days lie before any day these tests run on, so "today" never has their rows.
  const today = todayIn(new Date(), 'Europe/Berlin');
  const book = async (key: string, client: string, date: string, start: string, end: string, status = 'scheduled', more = {}) =>
    (appts[key] = (await create('appointments', { client_id: clients[client]!, date, start_time: start, end_time: end, status, ...more })).id);
  await book('ann', 'Ann Lee', '2025-11-24', '09:00', '10:00', 'scheduled', { service_id: swedish });
  await book('bob', 'Bob Stone', '2025-11-24', '11:00', '12:00', 'confirmed');
  await book('anna', 'Anna Berg', '2025-11-24', '13:00', '14:00', 'cancelled');
  await book('later', 'Ann Lee', '2025-11-26', '09:00', '10:00');
  await book('today', 'Bob Stone', today, '08:00', '08:30');
});

beforeEach(() => {
  server.received.length = 0;
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('appt list', () => {
  it('sends the filters of INTERFACE.md for a day and statuses', async () => {
    const result = await home.run(['appt', 'list', '--date', '2025-11-24', '--status', 'scheduled,confirmed']);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([`GET /rest/v1/appointments?therapist_id=eq.${me}&date=eq.2025-11-24&status=in.(scheduled,confirmed)&order=date.asc,start_time.asc,id.asc`]);
    // The services' names: one read of the ids on the page.
    expect(sent('service_menu')).toEqual([`GET /rest/v1/service_menu?id=in.(${swedish})&select=id,name`]);
    const lines = result.stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
    expect(lines).toEqual([
      [appts.ann!.slice(0, 8), '2025-11-24', '09:00', '10:00', 'Ann Lee', 'Swedish 60', 'scheduled', ''],
      [appts.bob!.slice(0, 8), '2025-11-24', '11:00', '12:00', 'Bob Stone', '', 'confirmed', ''],
    ]);
  });

  it('keeps the stored rows in JSON and CSV, with no read of the services', async () => {
    const csv = await home.run(['appt', 'list', '--date', '2025-11-24', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('id,date,start_time,end_time,client_name,status,notes');
    const json = await home.run(['appt', 'list', '--date', '2025-11-24', '--json']);
    expect(JSON.parse(json.stdout)[0]).not.toHaveProperty('service');
    expect(sent('service_menu')).toEqual([]);
  });

  it.each([
    [['--date', '2025-11-25'], 'No appointments on Tuesday 2025-11-25.'],
    [['--from', '2025-12-01', '--to', '2025-12-07'], 'No appointments from 2025-12-01 to 2025-12-07.'],
    [['--date', '2025-11-24', '--status', 'completed,no-show', '--client', 'Bob Stone'], 'No completed or no-show appointments for Bob Stone on Monday 2025-11-24.'],
  ])('names what an empty list was asked for, at a terminal: %j', async (args, note) => {
    const { code, screen } = await atTerminal(['appt', 'list', ...args], home.env).exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain(note);
  });

  it('resolves --client by an exact name, sends select= for --json fields and limit=', async () => {
    const result = await home.run(['appt', 'list', '--client', 'ann lee', '--json', 'id,date', '--limit', '5', '--order', 'date.desc']);
    expect(result.code, result.stderr).toBe(0);
    expect(sent('clients')).toEqual([`GET /rest/v1/clients?therapist_id=eq.${me}&search_name=ilike.*ann lee*&select=id,name&order=name.asc&limit=20`]);
    expect(sent()).toEqual([`GET /rest/v1/appointments?therapist_id=eq.${me}&client_id=eq.${clients['Ann Lee']}&select=id,date&order=date.desc,id.asc&limit=5`]);
    expect(JSON.parse(result.stdout)).toEqual([{ id: appts.later, date: '2025-11-26' }, { id: appts.ann, date: '2025-11-24' }]);
  });

  it('takes an id prefix for --client and a range with --from/--to', async () => {
    const prefix = clients['Bob Stone']!.slice(0, 6);
    const result = await home.run(['appt', 'list', '--client', prefix, '--from', '2025-11-24', '--to', '2025-12-01', '--json', 'id']);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()).toEqual([`GET /rest/v1/appointments?therapist_id=eq.${me}&date=gte.2025-11-24&date=lte.2025-12-01&client_id=eq.${clients['Bob Stone']}&select=id&order=date.asc,start_time.asc,id.asc`]);
    expect(JSON.parse(result.stdout)).toEqual([{ id: appts.bob }]);
  });

  it('lists the candidates when a name matches several clients (exit 2)', async () => {
    const result = await home.run(['appt', 'list', '--client', 'ann']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--client: 'ann' matches 2 clients:");
    expect(result.stderr).toContain(`${clients['Ann Lee']!.slice(0, 8)}  Ann Lee`);
    expect(result.stderr).toContain(`${clients['Anna Berg']!.slice(0, 8)}  Anna Berg`);
    expect(sent()).toEqual([]);
  });

  it('refuses bad flags naming the flag and the expected form, sending nothing (exit 2)', async () => {
    for (const [args, message] of [
      [['--date', '2026-13-01'], '--date: '],
      [['--date', 'someday'], '--date: expected a date like 2026-11-23, today, tomorrow, mon or +3d'],
      [['--status', 'scheduled,done'], "--status: expected a status: requested, scheduled, confirmed, completed, cancelled, no-show; got 'done'"],
      [['--limit', 'ten'], '--limit: expected a whole number'],
      [['--order', 'nope.asc'], '--order: expected fields'],
      [['--from', 'fri', '--to', '-1w'], '--to: '],
      [['--json', 'id,colour'], 'unknown field colour'],
    ] as const) {
      const result = await home.run(['appt', 'list', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(server.received).toEqual([]);
  });
});

describe('appt today, week, show', () => {
  it("lists today's appointments in the profile's time zone", async () => {
    const result = await home.run(['appt', 'today', '--json', 'id']);
    expect(result.code, result.stderr).toBe(0);
    expect(sent()[0]).toContain(`&date=eq.${todayIn(new Date(), 'Europe/Berlin')}&`);
    expect(JSON.parse(result.stdout)).toEqual([{ id: appts.today }]);
  });

  it('shows a week as an agenda with a heading a day', async () => {
    const result = await home.run(['appt', 'week', '2025-11-26']);
    expect(result.code, result.stderr).toBe(0);
    const [monday, sunday] = [weekOf('2025-11-26')[0], weekOf('2025-11-26')[6]];
    expect(sent()).toEqual([`GET /rest/v1/appointments?therapist_id=eq.${me}&date=gte.${monday}&date=lte.${sunday}&order=date.asc,start_time.asc,id.asc`]);
    // Client, service and status padded to the widest of the week, so the ids line up.
    expect(result.stdout).toContain([
      'Monday 2025-11-24',
      `  09:00-10:00  Ann Lee    Swedish 60  scheduled  ${appts.ann!.slice(0, 8)}`,
      `  11:00-12:00  Bob Stone              confirmed  ${appts.bob!.slice(0, 8)}`,
      `  13:00-14:00  Anna Berg              cancelled  ${appts.anna!.slice(0, 8)}`,
      '',
      'Tuesday 2025-11-25',
      '  no appointments',
      '',
      'Wednesday 2025-11-26',
      `  09:00-10:00  Ann Lee                scheduled  ${appts.later!.slice(0, 8)}`,
    ].join('\n'));
    expect(result.stdout.trim().endsWith('Sunday 2025-11-30\n  no appointments')).toBe(true);
  });

  it('aligns the agenda by display width: a wide name takes two columns a character', async () => {
    const bruce = (await create('clients', { name: '李小龍 (Bruce)' })).id;
    const wide = (await create('appointments', { client_id: bruce, date: '2025-12-01', start_time: '09:00', end_time: '10:00', service_id: swedish })).id;
    const narrow = (await create('appointments', { client_id: clients['Ann Lee']!, date: '2025-12-01', start_time: '11:00', end_time: '12:00', service_id: swedish })).id;
    const result = await home.run(['appt', 'week', '2025-12-01']);
    expect(result.code, result.stderr).toBe(0);
    // "李小龍 (Bruce)" is 11 characters and 14 columns: Ann Lee is padded to 14 columns, not 11.
    expect(result.stdout).toContain([
      'Monday 2025-12-01',
      `  09:00-10:00  李小龍 (Bruce)  Swedish 60  scheduled  ${wide.slice(0, 8)}`,
      `  11:00-12:00  Ann Lee         Swedish 60  scheduled  ${narrow.slice(0, 8)}`,
    ].join('\n'));
  });

  it("shows the service's name after its id", async () => {
    const result = await home.run(['appt', 'show', appts.ann!]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`\nservice_id +${swedish}\nservice +Swedish 60\n`));
  });

  it('shows one appointment by a short id, and refuses a malformed id without a request', async () => {
    const result = await home.run(['appt', 'show', appts.bob!.slice(0, 8), '--json', 'client_name,status']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ client_name: 'Bob Stone', status: 'confirmed' });
    expect(sent()[0]).toBe(`GET /rest/v1/appointments?id=gte.${appts.bob!.slice(0, 8)}-0000-0000-0000-000000000000&id=lte.${appts.bob!.slice(0, 8)}-ffff-ffff-ffff-ffffffffffff&select=id&limit=20`);
    server.received.length = 0;
    const bad = await home.run(['appt', 'show', 'xyz']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("expected an appointment id or a prefix");
    expect(server.received).toEqual([]);
  });
});
