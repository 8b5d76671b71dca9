// `practice appt export` end to end: the day sheet as JSON, CSV and iCalendar (parsed with ical.js,
// UIDs stable across exports), --redact, and --output replacing a file atomically.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let home: Awaited<ReturnType<typeof signedInHome>>;
const ids = { ann: randomUUID(), ben: randomUUID(), service: randomUUID(), early: randomUUID(), late: randomUUID(), today: randomUUID() };
// The profile's zone is Europe/Berlin; 2026-03-29 is the day its clocks go forward.
const DAY = '2026-03-29';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  server = await startTestServer();
  home = await signedInHome(server.url, server.keys.anonKey);
  const token = (await home.run(['auth', 'token'])).stdout.trim();
  const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const seed = async (table: string, rows: object[]) => {
    const response = await server.request(`/${table}`, { method: 'POST', headers, body: JSON.stringify(rows) });
    if (response.status !== 201) throw new Error(`seeding ${table}: ${await response.text()}`);
  };
  await seed('clients', [{ id: ids.ann, name: 'Ann Marie Lee' }, { id: ids.ben, name: '=cmd|calc' }]);
  await seed('service_menu', [{ id: ids.service, name: 'Swedish 60', duration: 60, price: 85 }]);
  await seed('appointments', [
    { id: ids.late, date: DAY, start_time: '14:00', end_time: '15:00', client_id: ids.ben, service_id: null, status: 'cancelled', notes: null },
    { id: ids.early, date: DAY, start_time: '09:00', end_time: '10:00', client_id: ids.ann, service_id: ids.service, status: 'confirmed', notes: 'neck, left side' },
    { id: ids.today, date: today, start_time: '11:00', end_time: '12:00', client_id: ids.ann, service_id: null, status: 'scheduled', notes: null },
  ]);
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('practice appt export', () => {
  it('writes the day as JSON, in the order of the day, with client and service names', async () => {
    const result = await home.run(['appt', 'export', '--date', DAY, '--format', 'json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([
      { id: ids.early, date: DAY, start_time: '09:00', end_time: '10:00', status: 'confirmed', client_id: ids.ann, client_name: 'Ann Marie Lee', service_id: ids.service, service_name: 'Swedish 60', notes: 'neck, left side' },
      { id: ids.late, date: DAY, start_time: '14:00', end_time: '15:00', status: 'cancelled', client_id: ids.ben, client_name: '=cmd|calc', service_id: null, service_name: null, notes: null },
    ]);
  });

  it('exports today by default, and writes CSV, redacted on request', async () => {
    expect(JSON.parse((await home.run(['appt', 'export'])).stdout).map((row: { id: string }) => row.id)).toEqual([ids.today]);
    const csv = await home.run(['appt', 'export', '--date', DAY, '--format', 'csv', '--redact']);
    expect(csv.stdout).toBe(
      'id,date,start_time,end_time,status,client_id,client_name,service_id,service_name,notes\r\n' +
      `${ids.early},${DAY},09:00,10:00,confirmed,${ids.ann},A. M. L.,${ids.service},Swedish 60,\r\n` +
      `${ids.late},${DAY},14:00,15:00,cancelled,${ids.ben},C.,,,\r\n`,
    );
    // Unredacted, a name a spreadsheet would run as a formula is written as text.
    expect((await home.run(['appt', 'export', '--date', DAY, '--format', 'csv'])).stdout).toContain(`,${ids.ben},'=cmd|calc,,,\r\n`);
  });

  it('writes iCalendar that ical.js reads, in UTC, with a UID that stays the same', async () => {
    const first = await home.run(['appt', 'export', '--date', DAY, '--format', 'ics']);
    const calendar = new ICAL.Component(ICAL.parse(first.stdout));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.uid, event.summary, event.startDate.toString(), event.endDate.toString()])).toEqual([
      [`${ids.early}@practice`, 'Ann Marie Lee - Swedish 60', '2026-03-29T07:00:00Z', '2026-03-29T08:00:00Z'],
      [`${ids.late}@practice`, '=cmd|calc', '2026-03-29T12:00:00Z', '2026-03-29T13:00:00Z'],
    ]);
    expect(events[1]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const second = await home.run(['appt', 'export', '--date', DAY, '--format', 'ics']);
    expect(second.stdout.match(/^UID:.*$/gm)).toEqual(first.stdout.match(/^UID:.*$/gm));
  });

  it('replaces an --output file whole, leaving no temporary file, and names one in a directory', async () => {
    const dir = join(home.dir, 'out');
    await mkdir(dir);
    const file = join(dir, 'practice.ics');
    for (let i = 0; i < 2; i++) {
      const written = await home.run(['appt', 'export', '--date', DAY, '--format', 'ics', '--output', file]);
      expect(written).toMatchObject({ code: 0, stdout: '' });
      expect(written.stderr).toContain(`Wrote 2 appointments to ${file}`);
    }
    expect(await readFile(file, 'utf8')).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    await home.run(['appt', 'export', '--date', DAY, '--format', 'csv', '--output', dir]);
    expect((await readdir(dir)).sort()).toEqual([`appointments-${DAY}.csv`, 'practice.ics']);
  });

  it('says why an --output cannot be written, and writes nothing (exit 1)', async () => {
    const notADirectory = join(home.dir, 'plain-file');
    await writeFile(notADirectory, 'kept');
    const result = await home.run(['appt', 'export', '--date', DAY, '--output', join(notADirectory, 'today.json')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Cannot write .*plain-file\/today\.json: a file stands where a folder of the path should be; nothing was written\.\nhint: Choose another --output/m);
    expect(await readFile(notADirectory, 'utf8')).toBe('kept');
  });

  it('refuses a bad day before sending anything (exit 2)', async () => {
    const result = await home.run(['appt', 'export', '--date', 'someday']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--date');
  });
});
