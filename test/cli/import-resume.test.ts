// An import cut short resumes: the batches it sent stay, and running it again sends the rest without
// duplicates or refusals. `practice import` and `client import` are killed while they wait out the
// server's write limit; a `practice import` whose later batch the server refuses completes once the
// cause is gone.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, NODE_FLAGS, type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let limited: TestServer;
let unlimited: TestServer;
let home: CliHome;

beforeAll(async () => {
  // One write a minute: the import sends its first batch, then waits for the next minute.
  limited = await startTestServer({ rateLimits: { writesPerMinute: 1 } });
  // The same database without the limit, so the re-run need not wait.
  unlimited = await limited.sibling();
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
  await unlimited.close();
  await limited.close();
});

const envFor = (server: TestServer, token: string) => ({ ...home.env, PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token });

/** Starts `practice <args>` on the limited server and kills it once it waits for the write limit. */
async function killWhilePaused(args: string[], token: string): Promise<void> {
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, ...args], { env: envFor(limited, token), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (stderr.includes('write limit')) resolve();
    });
    child.once('close', () => reject(new Error(`import ended before it paused: ${stderr}`)));
  });
  child.kill('SIGKILL');
}

function backupFile(name: string, tables: Record<string, object[]>): Promise<string> {
  const empty = { clients: [], service_menu: [], business_hours: [], appointments: [], sessions: [], expenses: [], conversation_log: [] };
  const file = join(home.dir, name);
  const backup = { format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://old.example/rest/v1' }, tables: { ...empty, ...tables } };
  return writeFile(file, JSON.stringify(backup)).then(() => file);
}

it('resumes a killed import without duplicates', async () => {
  const clients = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), name: `Client ${i}`, total_visits: i }));
  const file = await backupFile('backup.json', { clients });
  const therapist = await limited.therapist();
  await killWhilePaused(['import', file, '--batch-size', '2'], therapist.token);

  const count = async () => (await (await unlimited.request('/clients?select=id,name,total_visits&order=name', { headers: therapist.headers })).json()) as object[];
  expect(await count()).toHaveLength(2);

  const resumed = await home.run(['import', file, '--batch-size', '2'], { env: envFor(unlimited, therapist.token) });
  expect(resumed).toMatchObject({ code: 0 });
  expect(resumed.stderr).toContain('Imported 3 new records; 2 were already there.');
  expect(await count()).toEqual(clients.map(({ name, total_visits }) => ({ id: expect.any(String), name, total_visits })));
});

it('completes an import whose later batch the server refused, once the cause is gone', async () => {
  const therapist = await unlimited.therapist();
  const post = (table: string, row: object) => unlimited.request(`/${table}`, { method: 'POST', headers: { ...therapist.headers, prefer: 'return=representation' }, body: JSON.stringify(row) });
  const own = ((await (await post('clients', { name: 'Own Client' })).json()) as { id: string }[])[0]!;
  const inTheWay = ((await (await post('appointments', { client_id: own.id, date: '2026-03-02', start_time: '09:00', end_time: '10:00' })).json()) as { id: string }[])[0]!;
  const client = { id: randomUUID(), name: 'Moved Client', total_visits: 0 };
  const appointment = { id: randomUUID(), client_id: client.id, date: '2026-03-02', start_time: '09:30', end_time: '10:30', status: 'scheduled' };
  const file = await backupFile('overlap.json', { clients: [client], appointments: [appointment] });

  const refused = await home.run(['import', file], { env: envFor(unlimited, therapist.token) });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('1 of 2 rows were sent before this failed; they stay, and running the same import again adds only the rest.');
  expect(refused.stderr).toContain(`Overlaps appointment ${inTheWay.id}`);

  const cancel = await unlimited.request(`/appointments?id=eq.${inTheWay.id}`, { method: 'PATCH', headers: therapist.headers, body: JSON.stringify({ status: 'cancelled' }) });
  expect(cancel.status).toBeLessThan(300);
  const resumed = await home.run(['import', file], { env: envFor(unlimited, therapist.token) });
  expect(resumed).toMatchObject({ code: 0 });
  expect(resumed.stderr).toContain('Imported 1 new record; 1 was already there.');
  const names = async (table: string, select: string) => (await (await unlimited.request(`/${table}?select=${select}&order=${select}`, { headers: therapist.headers })).json()) as object[];
  expect(await names('clients', 'name')).toEqual([{ name: 'Moved Client' }, { name: 'Own Client' }]);
  expect(await names('appointments', 'id')).toHaveLength(2);
});

it('resumes a killed client import: every row once, identical and email-less ones included', async () => {
  const rows = ['Ann Lee,ann@example.com', 'Ben Ode,', 'Ben Ode,', 'Cy Park,cy@example.com', 'Dee Roy,', 'Eve Ash,eve@example.com'];
  const file = join(home.dir, 'clients.csv');
  await writeFile(file, `name,email\n${rows.join('\n')}\n`);
  const therapist = await limited.therapist();
  await killWhilePaused(['client', 'import', file, '--batch-size', '2'], therapist.token);

  const names = async () => ((await (await unlimited.request('/clients?select=name,email&order=name', { headers: therapist.headers })).json()) as { name: string; email: string | null }[]);
  expect(await names()).toHaveLength(2);

  const resumed = await home.run(['client', 'import', file, '--batch-size', '2'], { env: envFor(unlimited, therapist.token) });
  expect(resumed).toMatchObject({ code: 0 });
  expect(resumed.stderr).toContain('Imported 4 new clients; 2 were already there.');
  const everyRowOnce = rows.map((row) => row.split(',')).map(([name, email]) => ({ name: name!, email: email || null })).sort((a, b) => a.name.localeCompare(b.name));
  expect(await names()).toEqual(everyRowOnce);

  const again = await home.run(['client', 'import', file], { env: envFor(unlimited, therapist.token) });
  expect(again.stderr).toContain('Imported 0 new clients; 6 were already there.');
  expect(await names()).toEqual(everyRowOnce);
});
