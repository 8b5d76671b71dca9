// The end of the day against a real server: `appt unresolved` (the database's answer through
// POST /rest/v1/rpc/unresolved_appointments, exit 1 while any), `appt complete|no-show` of several ids
// or of every unresolved one with one question, a verb whose end state holds exiting 0 with a notice,
// and a booking in the past asked about unless it records a visit held.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

const statusOf = async (id: string) => JSON.parse((await home.run(['api', 'GET', 'appointments', '-q', `id=eq.${id}`, '-q', 'select=status'])).stdout)[0].status;

beforeAll(async () => {
  ids.ann = (await createWithApi(home, 'clients', { name: 'Ann Lee' })).id;
  const book = async (date: string, start: string, end: string, status: string) =>
    (await createWithApi(home, 'appointments', { client_id: ids.ann!, date, start_time: start, end_time: end, status })).id as string;
  ids.monday = await book('2020-01-06', '10:00', '11:00', 'scheduled');
  ids.tuesday = await book('2020-01-07', '10:00', '11:00', 'confirmed');
  ids.held = await book('2020-01-07', '12:00', '13:00', 'completed');
  ids.ahead = await book('2031-01-07', '12:00', '13:00', 'scheduled');
});

describe('appt unresolved', () => {
  it('lists the past appointments still open through the rpc call, and exits 1 while any', async () => {
    const result = await home.run(['appt', 'unresolved', '--json', 'id,status']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([{ id: ids.monday, status: 'scheduled' }, { id: ids.tuesday, status: 'confirmed' }]);
    expect(server.received).toContainEqual({ method: 'POST', url: '/rest/v1/rpc/unresolved_appointments?order=date.asc,start_time.asc,id.asc' });

    const before = await home.run(['appt', 'unresolved', '--before', '2020-01-07']);
    expect(before.code).toBe(1);
    expect(before.stdout.trim().split('\n').map((line) => line.split('\t')[0])).toEqual([ids.monday!.slice(0, 8)]);
  });

  it('refuses a --before it cannot read (exit 2)', async () => {
    const result = await home.run(['appt', 'unresolved', '--before', 'someday']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--before:');
  });
});

describe('appt complete and no-show of several', () => {
  it('refuses bad combinations before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['complete'], 'Name the appointments (ids or id prefixes), or pass --all-unresolved.'],
      [['complete', ids.monday!, '--all-unresolved'], 'Give appointment ids or --all-unresolved, not both.'],
      [['no-show', ids.monday!, ids.tuesday!, '--before', 'today'], '--before: goes with --all-unresolved.'],
      [['complete', '--all-unresolved'], 'Completing every unresolved appointment needs confirmation'],
    ] as const) {
      server.received.length = 0;
      const result = await home.run(['appt', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(server.received.filter((request) => request.method === 'PATCH')).toEqual([]);
    }
  });

  it('completes every unresolved one before a day with one --yes', async () => {
    const result = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2020-01-07', '--yes', '--json', 'id,status']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ id: ids.monday, status: 'completed' }]);
    expect(result.stderr).toContain('Completed: 1 appointment');
    expect(await statusOf(ids.tuesday!)).toBe('confirmed');
  });

  it('changes none when one of them cannot move (exit 1), and skips those already there', async () => {
    const refused = await home.run(['appt', 'no-show', ids.tuesday!.slice(0, 8), ids.held!.slice(0, 8)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Nothing changed; 1 appointment cannot be no-show:');
    expect(await statusOf(ids.tuesday!)).toBe('confirmed');

    const done = await home.run(['appt', 'complete', ids.tuesday!.slice(0, 8), ids.held!.slice(0, 8), '--json', 'id,status']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`Already completed: ${ids.held!.slice(0, 8)} Ann Lee, 2020-01-07 12:00-13:00 (completed).`);
    expect(JSON.parse(done.stdout)).toEqual([{ id: ids.tuesday, status: 'completed' }]);

    const none = await home.run(['appt', 'unresolved']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
  });

  it('with nothing to change, --json still prints the changed rows: an empty array', async () => {
    const none = await home.run(['appt', 'complete', '--all-unresolved', '--before', '2020-01-08', '--yes', '--json']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain('No unresolved appointments; nothing changed.');
    expect(JSON.parse(none.stdout)).toEqual([]);

    const already = await home.run(['appt', 'complete', ids.tuesday!.slice(0, 8), ids.held!.slice(0, 8), '--json', 'id']);
    expect(already.code, already.stderr).toBe(0);
    expect(JSON.parse(already.stdout)).toEqual([]);
    const csv = await home.run(['appt', 'complete', ids.tuesday!.slice(0, 8), ids.held!.slice(0, 8), '--format', 'csv']);
    expect(csv.stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('a verb whose end state already holds', () => {
  it('exits 0 with a notice and changes nothing', async () => {
    expect((await home.run(['appt', 'confirm', ids.ahead!])).code).toBe(0);
    server.received.length = 0;
    const again = await home.run(['appt', 'confirm', ids.ahead!, '--json', 'id,status']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Already confirmed:');
    expect(again.stderr).toContain('nothing changed.');
    expect(JSON.parse(again.stdout)).toEqual({ id: ids.ahead, status: 'confirmed' });
    expect(server.received.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('a booking in the past', () => {
  it('is refused without --yes when nobody can be asked, and booked with it', async () => {
    const refused = await home.run(['appt', 'add', '--client', 'ann', '--date', '2020-01-08', '--start', '10', '--end', '11']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2020-01-08 10:00-11:00 is in the past');
    expect(refused.stderr).toContain('Booking an appointment (in the past) needs confirmation');
    const booked = await home.run(['appt', 'add', '--client', 'ann', '--date', '2020-01-08', '--start', '10', '--end', '11', '--yes']);
    expect(booked.code, booked.stderr).toBe(0);
  });

  it('is fine as a visit held: --status completed', async () => {
    const held = await home.run(['appt', 'add', '--client', 'ann', '--date', '2020-01-09', '--start', '10', '--end', '11', '--status', 'completed', '--json', 'status']);
    expect(held.code, held.stderr).toBe(0);
    expect(JSON.parse(held.stdout)).toEqual({ status: 'completed' });
    expect(held.stderr).not.toContain('in the past');
  });
});

describe('a note of a visit not held', () => {
  it('is refused without --yes for a cancelled, missed or future appointment, and written with it', async () => {
    const book = async (date: string, status: string) =>
      (await createWithApi(home, 'appointments', { client_id: ids.ann!, date, start_time: '16:00', end_time: '17:00', status })).id as string;
    for (const [id, label] of [
      [await book('2020-02-03', 'cancelled'), 'a cancelled appointment'],
      [await book('2020-02-04', 'no_show'), 'a no-show'],
      [await book('2031-02-05', 'scheduled'), 'not started yet'],
    ] as const) {
      server.received.length = 0;
      const refused = await home.run(['note', 'add', '--client', 'ann', '--appointment', id, '-S', 'Sore neck']);
      expect(refused.code, label).toBe(2);
      expect(refused.stderr, label).toContain(`Writing a note of an appointment (${label}) needs confirmation`);
      expect(server.received.filter((request) => request.method === 'POST'), label).toEqual([]);
      const written = await home.run(['note', 'add', '--client', 'ann', '--appointment', id, '-S', 'Sore neck', '--yes']);
      expect(written.code, written.stderr).toBe(0);
    }
    const held = await book('2020-02-05', 'completed');
    expect((await home.run(['note', 'add', '--client', 'ann', '--appointment', held, '-S', 'Sore neck'])).code).toBe(0);
  });
});
