// `practice export` and `practice import` end to end: a round trip between two practices on one server
// keeps every record and id, a re-run adds nothing, --dry-run counts, and a broken file sends nothing.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer, type Therapist } from '../helpers/server.js';

let server: TestServer;
let home: CliHome;
let source: Therapist;

/** The CLI as `therapist`, through the environment a cron job would use. */
const as = (therapist: Therapist) => ({ env: { PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: therapist.token } });

async function seed(therapist: Therapist, table: string, rows: object[]): Promise<void> {
  const response = await server.request(`/${table}`, { method: 'POST', headers: therapist.headers, body: JSON.stringify(rows) });
  if (response.status !== 201) throw new Error(`seeding ${table}: ${response.status} ${await response.text()}`);
}

const tablesOf = (text: string) => JSON.parse(text).tables as Record<string, Record<string, unknown>[]>;

beforeAll(async () => {
  server = await startTestServer();
  home = await tempHome();
  source = await server.therapist();
  const [ann, ben] = [randomUUID(), randomUUID()];
  const service = randomUUID();
  const [visit, next] = [randomUUID(), randomUUID()];
  const note = randomUUID();
  // More clients than one read returns, so the export has to page.
  const many = Array.from({ length: 1203 }, (_, i) => ({ name: `Client ${i}`, phone: `555-${i}` }));
  await seed(source, 'clients', [{ id: ann, name: 'Ann Lee', email: 'ann@example.com', total_visits: 4 }]);
  await seed(source, 'clients', [{ id: ben, name: 'Ben Ode, "the, quoted"' }]);
  await seed(source, 'clients', many);
  await seed(source, 'service_menu', [{ id: service, name: 'Swedish 60', duration: 60, price: 85.5 }]);
  await seed(source, 'business_hours', [{ day_of_week: 'monday', open_time: '09:00', close_time: '17:00' }]);
  await seed(source, 'appointments', [
    { id: visit, date: '2026-03-02', start_time: '09:00', end_time: '10:00', client_id: ann, service_id: service, status: 'completed', notes: null },
    { id: next, date: '2026-03-09', start_time: '09:00', end_time: '10:00', client_id: ben, service_id: null, status: 'scheduled', notes: 'first visit\nparking at the back' },
  ]);
  await seed(source, 'sessions', [{ id: note, client_id: ann, appointment_id: visit, subjective: 'neck pain', signed_at: '2026-03-02T10:30:00Z' }]);
  await seed(source, 'sessions', [{ client_id: ann, amends_id: note, plan: 'stretches daily' }]);
  await seed(source, 'expenses', [{ date: '2026-03-01', amount: 42.1, category: 'supplies', vendor: 'Oil & Co' }]);
  await seed(source, 'conversation_log', [{ client_id: ann, role: 'client', message: 'See you Monday' }]);
  // An invoice, its credit note and the invoice issued again (migration 17): the import must give
  // each the number it had, so it sends them in number order.
  const lines = [{ appointment_id: visit, date: '2026-03-02', service: 'Swedish 60', gross: 85.5, tax_rate: 19 }];
  const [wrong, fixed] = ['e0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001'];
  await seed(source, 'invoices', [{ id: wrong, client_id: ann, issued_on: '2026-03-31', lines }]);
  await seed(source, 'invoices', [{ kind: 'credit', credits_id: wrong, client_id: ann, issued_on: '2026-04-01', lines: [] }]);
  await seed(source, 'invoices', [{ id: fixed, client_id: ann, issued_on: '2026-04-01', lines }]);
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

describe('practice export and import', () => {
  it('moves every record, ids included, to another practice; a re-run adds nothing', async () => {
    const dir = join(home.dir, 'backups');
    await mkdir(dir);
    const exported = await home.run(['export', '--output', dir], as(source));
    expect(exported.stderr).toMatch(/Wrote 1216 records to .*practice-export-.*\.json/);
    expect(exported).toMatchObject({ code: 0, stdout: '' });
    const [name] = await readdir(dir);
    const file = join(dir, name!);
    const original = tablesOf(await readFile(file, 'utf8'));
    expect(original.clients).toHaveLength(1205);
    expect(JSON.stringify(original)).not.toContain('therapist_id');

    const target = await server.therapist();
    const imported = await home.run(['import', file], as(target));
    expect(imported).toMatchObject({ code: 0, stdout: '' });
    expect(imported.stderr).toContain('Imported 1216 new records; 0 were already there.');

    const copy = tablesOf((await home.run(['export'], as(target))).stdout);
    // The service counts the completed visit again as it is inserted, and touches Ann's updated_at
    // as it does; total_visits comes out the same because the import lowered it first.
    const annId = original.appointments!.find((row) => row.status === 'completed')!.client_id;
    const touched = (rows: Record<string, unknown>[]) => rows.map((row) => (row.id === annId ? { ...row, updated_at: null } : row));
    expect({ ...copy, clients: touched(copy.clients!) }).toEqual({ ...original, clients: touched(original.clients!) });
    // Seeded with 4 earlier visits, plus the completed one: 5, in the source and in the copy.
    expect(copy.clients!.find((row) => row.id === annId)!.total_visits).toBe(5);

    const again = await home.run(['import', file], as(target));
    expect(again.stderr).toContain('Imported 0 new records; 1216 were already there.');
    expect(tablesOf((await home.run(['export'], as(target))).stdout)).toEqual(copy);
  });

  it('shows with --dry-run how many records are new, and sends none', async () => {
    const file = join(home.dir, 'dry.json');
    await writeFile(file, (await home.run(['export'], as(source))).stdout);
    const target = await server.therapist();
    const dry = await home.run(['import', file, '--dry-run'], as(target));
    expect(dry.code).toBe(0);
    // Labelled, piped or not: which number is the file's and which the new ones (settings, independent of all, come last).
    const line = (table: string) => dry.stdout.split('\n').find((text) => text.startsWith(`${table} `));
    expect(line('practice_settings')).toMatch(/^practice_settings +0 in the file, +0 new$/);
    const [clients, services, hours] = [line('clients'), line('service_menu'), line('business_hours')];
    expect(clients).toMatch(/^clients +1205 in the file, {2}1205 new$/);
    expect(services).toMatch(/^service_menu +1 in the file, {5}1 new$/);
    expect(hours).toMatch(/^business_hours +1 in the file, {5}1 new$/);
    // The counts start in one column.
    expect(new Set([clients, services, hours].map((line) => line!.search(/\d/))).size).toBe(1);
    expect(dry.stderr).toMatch(/^\d+ new records would be imported; 0 are already there\. Nothing was sent\.\n$/);
    const json = JSON.parse((await home.run(['import', file, '--dry-run', '--json'], as(target))).stdout);
    expect(json.slice(0, 2)).toEqual([{ table: 'clients', in_file: 1205, new: 1205 }, { table: 'service_menu', in_file: 1, new: 1 }]);
    const empty = await home.run(['export'], as(target));
    expect(Object.values(tablesOf(empty.stdout)).flat()).toEqual([]);
    const imported = await home.run(['import', file, '--json', 'table,new'], as(target));
    expect(JSON.parse(imported.stdout)[0]).toEqual({ table: 'clients', new: 1205 });
    expect((await home.run(['import', file, '-n'], as(target))).stdout).toMatch(/^clients +1205 in the file, +0 new\n/);
    const again = await home.run(['import', file], as(target));
    expect(again.stderr).toMatch(/Imported 0 new records; \d+ were already there\.\n$/);
  });

  it('refuses a file that is not a backup before sending anything (exit 2)', async () => {
    const file = join(home.dir, 'broken.json');
    const text = (await home.run(['export'], as(source))).stdout.replace('"date":"2026-03-02"', '"date":"2026-02-30"');
    await writeFile(file, text);
    const target = await server.therapist();
    const result = await home.run(['import', file], as(target));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/tables\.appointments\[\d\] \(id [0-9a-f-]+\)\.date/);
    expect((await home.run(['import', join(home.dir, 'missing.json')], as(target))).code).toBe(2);
    expect(Object.values(tablesOf((await home.run(['export'], as(target))).stdout)).flat()).toEqual([]);
  });
});
