// `practice import` of a backup the practice already holds (issue 24): it asks which ids are there and
// sends none of those rows, so it neither spends the write limit nor is refused for an appointment
// that has moved since the backup and whose old slot another one took.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let limited: TestServer;
let unlimited: TestServer;
let home: CliHome;

beforeAll(async () => {
  // One write a minute: an import that sent a batch now would have to wait for the next minute.
  limited = await startTestServer({ rateLimits: { writesPerMinute: 1 } });
  unlimited = await limited.sibling();
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
  await unlimited.close();
  await limited.close();
});

const envFor = (server: TestServer, token: string) => ({ ...home.env, PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token });

it('sends nothing the practice has, even where the practice changed since the backup', async () => {
  const therapist = await unlimited.therapist();
  const client = { id: randomUUID(), name: 'Ann Lee', total_visits: 0 };
  const moved = { id: randomUUID(), client_id: client.id, date: '2026-03-02', start_time: '09:00', end_time: '10:00', status: 'scheduled' };
  const kept = { id: randomUUID(), client_id: client.id, date: '2026-03-03', start_time: '09:00', end_time: '10:00', status: 'scheduled' };
  const empty = { service_menu: [], business_hours: [], sessions: [], expenses: [], conversation_log: [] };
  const file = join(home.dir, 'backup.json');
  await writeFile(file, JSON.stringify({
    format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://old.example/rest/v1' },
    tables: { ...empty, clients: [client], appointments: [moved, kept] },
  }));
  expect((await home.run(['import', file], { env: envFor(unlimited, therapist.token) })).stderr).toContain('Imported 3 new records; 0 were already there.');

  // Since the backup: the appointment moved to 11:00 and another took its 09:00.
  const write = (method: string, path: string, body: object) => unlimited.request(path, { method, headers: therapist.headers, body: JSON.stringify(body) });
  expect((await write('PATCH', `/appointments?id=eq.${moved.id}`, { start_time: '11:00', end_time: '12:00' })).status).toBe(204);
  expect((await write('POST', '/appointments', { client_id: client.id, date: '2026-03-02', start_time: '09:00', end_time: '10:00' })).status).toBe(201);
  // The write of this minute is used up on the limited server.
  const spent = await limited.request('/expenses', { method: 'POST', headers: therapist.headers, body: JSON.stringify({ date: '2026-03-01', amount: 1, category: 'supplies' }) });
  expect(spent.status).toBe(201);

  const again = await home.run(['import', file], { env: envFor(limited, therapist.token) });
  expect(again).toMatchObject({ code: 0, stdout: '', stderr: '✓ Imported 0 new records; 3 were already there.\n' });
  const appointments = await (await unlimited.request('/appointments?select=start_time&order=start_time', { headers: therapist.headers })).json();
  expect(appointments).toEqual([{ start_time: '09:00' }, { start_time: '09:00' }, { start_time: '11:00' }]);
});
