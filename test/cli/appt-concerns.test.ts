// What the appt commands ask before they write, piped (nobody to ask): outside the hours, a closed
// day, an archived client, a retired service, a visit not started yet, and undoing a completion. Each
// is refused without --yes (exit 2, nothing sent, the rows read back unchanged) and done with it; a
// signed note refuses the undo even then (exit 1). At a real terminal: prompts.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveDay } from '../../src/model/when.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });
const ids: Record<string, string> = {};

const create = (table: string, fields: Record<string, string | number>) => createWithApi(home, table, fields);

// A POST to rpc/ asks a stable function (the series check): a read, not a write.
const writes = () => server.received.filter((request) => request.method !== 'GET' && !request.url.startsWith('/rest/v1/rpc/')).map((request) => `${request.method} ${decodeURIComponent(request.url)}`);

/** Rows of `table` matching the filter, read through the service. */
async function rows(table: string, filter: string): Promise<Array<Record<string, any>>> {
  const result = await home.run(['api', 'GET', table, '-q', filter]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const appointment = async (id: string) => (await rows('appointments', `id=eq.${id}`))[0];

/** An appointment made through the API, which asks nothing. */
const booked = async (date: string, start: string, end: string, status = 'scheduled') =>
  (await create('appointments', { client_id: ids.ann!, date, start_time: start, end_time: end, status })).id as string;

/** Refused piped without --yes: exit 2, every warning, the refusal naming `concerns`, and no write. */
async function refused(args: string[], action: string, warnings: string[]) {
  server.received.length = 0;
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(2);
  for (const warning of warnings) expect(result.stderr).toContain(`! ${warning}`);
  expect(result.stderr).toContain(`error: ${action} needs confirmation, which cannot be asked without a terminal.`);
  expect(result.stderr).toContain('hint: Pass --yes.');
  expect(writes()).toEqual([]);
}

async function done(args: string[]): Promise<Record<string, any>> {
  const result = await home.run([...args, '--yes', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  ids.ann = (await create('clients', { name: 'Ann Lee' })).id;
  ids.gone = (await create('clients', { name: 'Old Client', status: 'inactive' })).id;
  await create('service_menu', { name: 'Swedish 60', duration: 60, price: 80 });
  await create('service_menu', { name: 'Old Stone', duration: 60, price: 90 });
  expect((await home.run(['service', 'retire', 'Old Stone', '--yes'])).code).toBe(0);
  expect((await home.run(['hours', 'set', 'mon-fri', '09:00-17:00'])).code).toBe(0);
});

describe('appt add', () => {
  // Days far ahead of today: 2031-11-24 is a Monday, 2031-11-29 a Saturday.
  it.each([
    ['outside the hours', ['--client', 'Ann Lee', '--date', '2031-11-24', '--start', '18', '--end', '19'],
      'outside business hours', ['18:00-19:00 on monday 2031-11-24 is outside business hours (09:00-17:00).']],
    ['on a day without hours', ['--client', 'Ann Lee', '--date', '2031-11-29', '--start', '10', '--end', '11'],
      'a closed day', ['10:00-11:00 on saturday 2031-11-29 is outside business hours (closed on saturdays).']],
    ['for an archived client', ['--client', 'Old Client', '--date', '2031-11-25', '--start', '9', '--end', '10'],
      'an archived client', ['Old Client is an archived client.']],
    ['with a retired service', ['--client', 'Ann Lee', '--date', '2031-11-26', '--service', 'Old Stone', '--start', '9'],
      'a retired service', ['Old Stone is a retired service.']],
    ['with all of them, asked once', ['--client', 'Old', '--date', '2031-11-30', '--service', 'Old Stone', '--start', '9'],
      'a closed day; an archived client; a retired service',
      ['09:00-10:00 on sunday 2031-11-30 is outside business hours (closed on sundays).', 'Old Client is an archived client.', 'Old Stone is a retired service.']],
  ])('books %s only with --yes', async (_, args, labels, warnings) => {
    const date = args[args.indexOf('--date') + 1]!;
    await refused(['appt', 'add', ...args], `Booking an appointment (${labels})`, warnings);
    expect(await rows('appointments', `date=eq.${date}`)).toEqual([]);
    expect(await done(['appt', 'add', ...args])).toMatchObject({ date, status: 'scheduled' });
    expect(await rows('appointments', `date=eq.${date}`)).toHaveLength(1);
  });

  it('asks nothing inside the hours, with an active client and service', async () => {
    const result = await home.run(['appt', 'add', '--client', 'Ann Lee', '--service', 'Swedish 60', '--date', '2031-11-28', '--start', '9']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('!');
  });
});

describe('time off', () => {
  it('asks before booking or moving into a closure, naming its reason', async () => {
    // 2031-12-01 is a Monday, open 09:00-17:00, with a training morning.
    await create('closures', { starts_at: '2031-12-01T09:00', ends_at: '2031-12-01T12:00', reason: 'training' });
    const args = ['--client', 'Ann Lee', '--date', '2031-12-01', '--start', '10', '--end', '11'];
    await refused(['appt', 'add', ...args], 'Booking an appointment (a closure)', ['10:00-11:00 on monday 2031-12-01 falls in time off (training).']);
    expect(await rows('appointments', 'date=eq.2031-12-01')).toEqual([]);
    const id = (await done(['appt', 'add', '--client', 'Ann Lee', '--date', '2031-12-01', '--start', '13', '--end', '14'])).id as string;
    await refused(['appt', 'reschedule', id, '--start', '11'], 'Moving an appointment (a closure)', ['11:00-12:00 on monday 2031-12-01 falls in time off (training).']);
    expect(await appointment(id)).toMatchObject({ start_time: '13:00' });
  });
});

describe('appt reschedule and update', () => {
  it('moves outside the hours, or to an archived client, only with --yes', async () => {
    const id = await booked('2031-11-20', '10:00', '11:00');
    await refused(['appt', 'reschedule', id, '--start', '16:30'], 'Moving an appointment (outside business hours)',
      ['16:30-17:30 on thursday 2031-11-20 is outside business hours (09:00-17:00).']);
    // --end alone is checked with the day and start the appointment keeps.
    await refused(['appt', 'update', id, '--end', '17:15'], 'Changing an appointment (outside business hours)',
      ['10:00-17:15 on thursday 2031-11-20 is outside business hours (09:00-17:00).']);
    await refused(['appt', 'update', id, '--client', 'Old Client'], 'Changing an appointment (an archived client)', ['Old Client is an archived client.']);
    expect(await appointment(id)).toMatchObject({ start_time: '10:00', end_time: '11:00', client_id: ids.ann });

    expect(await done(['appt', 'reschedule', id, '--start', '16:30'])).toMatchObject({ start_time: '16:30', end_time: '17:30' });
    expect(await done(['appt', 'update', id, '--client', 'Old Client'])).toMatchObject({ client_id: ids.gone });
  });

  it('reads nothing more for a change of notes', async () => {
    const id = await booked('2025-11-19', '10:00', '11:00');
    server.received.length = 0;
    const result = await home.run(['appt', 'update', id, '--notes', 'bring oil']);
    expect(result.code, result.stderr).toBe(0);
    expect(server.received.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual(['PATCH /rest/v1/appointments']);
  });
});

describe('complete and no-show', () => {
  it('of an appointment that has not started yet only with --yes', async () => {
    const day = resolveDay('+30d', new Date(), 'Europe/Berlin');
    const id = await booked(day, '10:00', '11:00');
    for (const [verb, action] of [['complete', 'Completing an appointment'], ['no-show', 'Marking a no-show']]) {
      await refused(['appt', verb!, id], `${action} (not started yet)`, [`${id.slice(0, 8)} Ann Lee, ${day} 10:00-11:00 (scheduled) has not started yet (it is `]);
    }
    expect(await appointment(id)).toMatchObject({ status: 'scheduled' });
    expect(await done(['appt', 'complete', id])).toMatchObject({ status: 'completed' });
  });

  it('of an appointment that has started, without asking', async () => {
    const id = await booked('2025-11-18', '10:00', '11:00');
    const result = await home.run(['appt', 'no-show', id]);
    expect(result.code, result.stderr).toBe(0);
    expect(await appointment(id)).toMatchObject({ status: 'no_show' });
  });
});

describe('undoing a completion (appt confirm of a completed appointment)', () => {
  it('needs --yes without a signed note, and the visit no longer counts', async () => {
    const id = await booked('2025-11-17', '10:00', '11:00');
    expect((await home.run(['appt', 'complete', id])).code).toBe(0);
    const visits = async () => (await rows('clients', `id=eq.${ids.ann}`))[0]!.total_visits;
    const before = await visits();
    await refused(['appt', 'confirm', id], 'Undoing a completion', []);
    expect(await appointment(id)).toMatchObject({ status: 'completed' });
    expect(await done(['appt', 'confirm', id])).toMatchObject({ status: 'confirmed' });
    expect(await visits()).toBe(before - 1);
  });

  it('is refused while a signed note records the visit, even with --yes (exit 1)', async () => {
    const id = await booked('2025-11-14', '10:00', '11:00', 'completed');
    const note = (await create('sessions', { client_id: ids.ann!, appointment_id: id, subjective: 'Sore neck', signed_at: '2025-11-14T11:30:00Z' })).id as string;
    server.received.length = 0;
    const result = await home.run(['appt', 'confirm', id, '--yes']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`error: ${id.slice(0, 8)} Ann Lee, 2025-11-14 10:00-11:00 (completed) stays completed: signed note ${note.slice(0, 8)} records the visit.`);
    expect(result.stderr).toContain(`practice note amend ${note.slice(0, 8)}`);
    expect(server.received.map((request) => `${request.method} ${decodeURIComponent(request.url)}`)).toContain(
      `GET /rest/v1/sessions?appointment_id=eq.${id}&signed_at=not.is.null&select=id`);
    expect(writes()).toEqual([]);
    expect(await appointment(id)).toMatchObject({ status: 'completed' });
  });
});
