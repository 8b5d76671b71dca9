// `practice appt add|update|reschedule|confirm|complete|cancel|no-show|delete` end to end: what is
// sent, the end taken from the service, refusals by the service and by the transition table, and bad
// input refused before any request (exit 2). What they ask first: appt-concerns.test.ts. The days are
// past weekdays inside the hours, so no booking here has anything to ask.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createWithApi } from '../helpers/signed-in-cli.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
let ann: string;

const create = (table: string, fields: Record<string, string | number>) => createWithApi(home, table, fields);

// The answer functions are read with POST /rest/v1/rpc/ (stable: they change nothing).
const writes = () => server.received.filter((request) => request.method !== 'GET' && !request.url.startsWith('/rest/v1/rpc/')).map((request) => `${request.method} ${decodeURIComponent(request.url)}`);

/** `appt <args> --json`, expecting success: the row as stored (one object). */
async function appt(...args: string[]): Promise<Record<string, any>> {
  const result = await home.run(['appt', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  server = await startTestServer({ recordRequests: true });
  home = await signedInHome(server.url, server.keys.anonKey);
  ann = (await create('clients', { name: 'Ann Lee' })).id;
  await create('service_menu', { name: 'Swedish 60', duration: 60, price: 80 });
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
    await create('business_hours', { day_of_week: day, open_time: '09:00', close_time: '17:00' });
  }
});

beforeEach(() => {
  server.received.length = 0;
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('appt add', () => {
  it('books by names and takes the end from the service, in one POST', async () => {
    const row = await appt('add', '--client', 'ann', '--date', '2031-11-24', '--start', '9', '--service', 'swedish', '--notes', 'first visit');
    expect(row).toMatchObject({ date: '2031-11-24', start_time: '09:00', end_time: '10:00', client_id: ann, client_name: 'Ann Lee', status: 'scheduled', notes: 'first visit' });
    expect(writes()).toEqual(['POST /rest/v1/appointments']);
  });

  it('books in the status --status names', async () => {
    expect(await appt('add', '--client', ann, '--date', '2031-11-24', '--start', '15', '--end', '16', '--status', 'confirmed')).toMatchObject({ status: 'confirmed' });
  });

  it("prints the service's refusal of an overlap (exit 1)", async () => {
    const result = await home.run(['appt', 'add', '--client', 'Ann Lee', '--date', '2031-11-24', '--start', '9:30', '--end', '10:30']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+\n/m);
    expect(result.stderr).not.toContain('(HTTP');
  });

  it('refuses bad input naming the flag, sending nothing (exit 2)', async () => {
    const base = ['--client', 'Ann Lee', '--date', 'mon', '--start', '9', '--end', '10'];
    for (const [args, message] of [
      [['--client', 'Ann', '--date', '2026-02-30', '--start', '9', '--end', '10'], '--date: 2026-02-30 is not a day in the calendar'],
      [['--client', 'Ann', '--date', 'mon', '--start', '25:00', '--end', '10'], "--start: expected a time like 9, 9:30, 14:00, 2pm or 9:30am; got '25:00'"],
      [['--client', 'Ann', '--date', 'mon', '--start', '10', '--end', '9'], '--end: end_time must be after start_time'],
      [[...base, '--status', 'done'], "option '--status <status>' argument 'done' is invalid. Allowed choices are scheduled, confirmed, completed."],
      [['--client', 'Ann', '--date', 'mon', '--start', '9'], '--end: needed when there is no --service'],
    ] as const) {
      const result = await home.run(['appt', 'add', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(server.received).toEqual([]);
  });
});

describe('changing an appointment', () => {
  it('updates fields, reschedules keeping the length, and walks the status verbs', async () => {
    const { id } = await appt('add', '--client', 'Ann Lee', '--date', '2031-11-25', '--start', '10', '--end', '11:30');
    const short = id.slice(0, 8);
    expect(await appt('update', short, '--notes', 'bring oil')).toMatchObject({ notes: 'bring oil' });
    expect(await appt('update', short, '--clear-notes')).toMatchObject({ notes: null });
    expect(await appt('reschedule', short, '--date', '2031-11-26', '--start', '14')).toMatchObject({ date: '2031-11-26', start_time: '14:00', end_time: '15:30' });
    expect(await appt('confirm', short)).toMatchObject({ status: 'confirmed' });
    expect(await appt('complete', short, '--yes')).toMatchObject({ status: 'completed' });
    server.received.length = 0;
    const refused = await home.run(['appt', 'cancel', short]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('an appointment that is completed cannot become cancelled; allowed next: confirmed');
    expect(writes()).toEqual([]);
  });

  it('refuses an update with nothing to change or a bad time, sending nothing (exit 2)', async () => {
    for (const args of [['update', 'abcd1234'], ['update', 'abcd1234', '--start', 'noon'], ['reschedule', 'abcd1234'], ['show', 'not-an-id']]) {
      const result = await home.run(['appt', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
    }
    expect(server.received).toEqual([]);
  });

  it('deletes only with --yes when not at a terminal', async () => {
    const { id } = await appt('add', '--client', 'Ann Lee', '--date', '2031-11-27', '--start', '9', '--end', '10');
    server.received.length = 0;
    const refused = await home.run(['appt', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes.');
    expect(writes()).toEqual([]);
    const deleted = await home.run(['appt', 'delete', id, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /rest/v1/appointments?id=eq.${id}`]);
    expect((await home.run(['appt', 'show', id])).code).toBe(1);
  });
});
