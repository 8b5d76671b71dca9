// A held visit stays held (issue 24): `appt reschedule` and `appt update` of a completed visit's day,
// times, service or price are refused while a signed note records it, even with --yes (exit 1,
// nothing sent, the month's revenue as it was); without one they need --yes piped (exit 2) and are
// asked at a terminal; its notes change freely.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal, KEY } from '../helpers/terminal.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

// The answer functions are read with POST /rest/v1/rpc/ (stable: they change nothing).
const writes = () => server.received.filter((request) => request.method !== 'GET' && !request.url.startsWith('/rest/v1/rpc/')).map((request) => `${request.method} ${request.url.split('?')[0]}`);

async function appointment(id: string): Promise<Record<string, any>> {
  const result = await home.run(['api', 'GET', 'appointments', '-q', `id=eq.${id}`]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout)[0];
}

/** The revenue of November 2025, as `report revenue` gives it. */
async function revenue(): Promise<string> {
  const result = await home.run(['report', 'revenue', '--month', '2025-11', '--by', 'month', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout)[0].revenue;
}

/** A completed visit of Ann's, Swedish 60 at 80.00, on `date` 10:00-11:00. */
async function heldVisit(date: string): Promise<string> {
  const id = (await createWithApi(home, 'appointments', { client_id: ids.ann!, service_id: ids.swedish!, date, start_time: '10:00', end_time: '11:00' })).id as string;
  expect((await home.run(['appt', 'complete', id, '--yes'])).code).toBe(0);
  return id;
}

beforeAll(async () => {
  ids.ann = (await createWithApi(home, 'clients', { name: 'Ann Lee' })).id;
  ids.swedish = (await createWithApi(home, 'service_menu', { name: 'Swedish 60', duration: 60, price: 80 })).id;
  ids.stone = (await createWithApi(home, 'service_menu', { name: 'Hot stone 60', duration: 60, price: 110 })).id;
  expect((await home.run(['hours', 'set', 'mon-fri', '08:00-18:00'])).code).toBe(0);
});

describe('with a signed note', () => {
  let visit: string;
  let note: string;

  beforeAll(async () => {
    visit = await heldVisit('2025-11-12');
    note = (await createWithApi(home, 'sessions', { client_id: ids.ann!, appointment_id: visit, subjective: 'Sore neck', signed_at: '2025-11-12T11:30:00Z' })).id as string;
  });

  it.each([
    [['appt', 'reschedule', '<visit>', '--date', '2025-11-13'], 'day'],
    [['appt', 'reschedule', '<visit>', '--start', '9'], 'start and end'],
    [['appt', 'update', '<visit>', '--price', '60'], 'price'],
    [['appt', 'update', '<visit>', '--service', 'Hot stone 60'], 'service'],
    [['appt', 'update', '<visit>', '--date', '2025-11-14', '--start', '12', '--end', '13'], 'day, start and end'],
  ])('%j is refused even with --yes: exit 1, the note to amend, nothing sent', async (args, terms) => {
    const before = { row: await appointment(visit), revenue: await revenue() };
    server.received.length = 0;
    const result = await home.run([...args.map((arg) => (arg === '<visit>' ? visit : arg)), '--yes']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`error: ${visit.slice(0, 8)} Ann Lee, 2025-11-12 10:00-11:00 (completed) is a held visit: signed note ${note.slice(0, 8)} records it, so its ${terms} stay as held.`);
    expect(result.stderr).toContain(`hint: A signed note is final; correct it with \`practice note amend ${note.slice(0, 8)}\`.`);
    expect(writes()).toEqual([]);
    expect(await appointment(visit)).toEqual(before.row);
    expect(await revenue()).toBe(before.revenue);
  });

  it('its notes still change, and a value it already has asks nothing', async () => {
    const result = await home.run(['appt', 'update', visit, '--notes', 'paid cash', '--price', '80']);
    expect(result.code, result.stderr).toBe(0);
    expect(await appointment(visit)).toMatchObject({ notes: 'paid cash', price: 80, date: '2025-11-12' });
  });

  it('the service refuses it for any client: `practice api` gets 409 with the hint', async () => {
    const result = await home.run(['api', 'PATCH', 'appointments', '-q', `id=eq.${visit}`, '-F', 'price=1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot change the price of appointment ${visit}: it is a held visit, and signed note ${note} records it`);
    expect((await appointment(visit)).price).toBe(80);
  });
});

describe('without a signed note', () => {
  it.each([
    [['appt', 'reschedule', '<visit>', '--date', '2025-11-20'], 'Moving an appointment', 'day', { date: '2025-11-20' }],
    [['appt', 'update', '<visit>', '--price', '60'], 'Changing an appointment', 'price', { price: 60 }],
    [['appt', 'update', '<visit>', '--service', 'Hot stone 60'], 'Changing an appointment', 'service', { price: 110 }],
  ])('%j needs --yes piped (exit 2, nothing sent), then changes the visit', async (args, action, terms, after) => {
    const visit = await heldVisit('2025-11-19');
    await createWithApi(home, 'sessions', { client_id: ids.ann!, appointment_id: visit, subjective: 'Draft, unsigned' });
    const command = args.map((arg) => (arg === '<visit>' ? visit : arg));
    const before = await revenue();
    server.received.length = 0;
    const refused = await home.run(command);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(`! ${visit.slice(0, 8)} Ann Lee, 2025-11-19 10:00-11:00 (completed) was held: changing its ${terms} changes the record of the visit and the revenue it counts in.`);
    expect(refused.stderr).toContain(`error: ${action} (a held visit) needs confirmation, which cannot be asked without a terminal.`);
    expect(writes()).toEqual([]);
    expect(await revenue()).toBe(before);
    const done = await home.run([...command, '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(await appointment(visit)).toMatchObject({ status: 'completed', ...after });
    // Put it back out of the way of the next case's day.
    expect((await home.run(['api', 'DELETE', 'sessions', '-q', `appointment_id=eq.${visit}`])).code).toBe(0);
    expect((await home.run(['appt', 'delete', visit, '--yes'])).code).toBe(0);
  });

  it('is asked at a terminal: no changes nothing, yes moves it', async () => {
    const visit = await heldVisit('2025-11-26');
    const question = 'Move it anyway? (y/N)';
    const answer = async (keys: string) => {
      const terminal = atTerminal(['appt', 'reschedule', visit.slice(0, 8), '--start', '14'], home.env);
      await terminal.answer(question, keys);
      return terminal.exit();
    };
    const no = await answer(`n${KEY.enter}`);
    expect(no.code, no.screen).toBe(1);
    expect(no.screen).toContain('was held: changing its start and end changes the record of the visit');
    expect(no.screen).toContain('Cancelled; nothing changed.');
    expect(await appointment(visit)).toMatchObject({ start_time: '10:00' });
    const yes = await answer(`y${KEY.enter}`);
    expect(yes.code, yes.screen).toBe(0);
    expect(await appointment(visit)).toMatchObject({ start_time: '14:00', end_time: '15:00', status: 'completed' });
  });

  it('a visit not yet held moves without the question', async () => {
    const id = (await createWithApi(home, 'appointments', { client_id: ids.ann!, date: '2031-11-27', start_time: '10:00', end_time: '11:00' })).id as string;
    const result = await home.run(['appt', 'reschedule', id, '--start', '9']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('held');
  });
});
