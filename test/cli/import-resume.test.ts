// A killed `practice import` resumes: the batches it sent stay, and running it again sends the rest
// without duplicates. The kill comes while the import waits out the server's write limit.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, type CliHome, tempHome } from '../helpers/cli.js';
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

it('resumes a killed import without duplicates', async () => {
  const clients = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), name: `Client ${i}`, total_visits: i }));
  const tables = { clients, service_menu: [], business_hours: [], appointments: [], sessions: [], expenses: [], conversation_log: [] };
  const file = join(home.dir, 'backup.json');
  await writeFile(file, JSON.stringify({ format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://old.example/rest/v1' }, tables }));
  const therapist = await limited.therapist();

  const child = spawn(process.execPath, [BIN, 'import', file, '--batch-size', '2'], { env: envFor(limited, therapist.token), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (stderr.includes('write limit')) resolve();
    });
    child.once('close', () => reject(new Error(`import ended before it paused: ${stderr}`)));
  });
  child.kill('SIGKILL');

  const count = async () => (await (await unlimited.request('/clients?select=id,name,total_visits&order=name', { headers: therapist.headers })).json()) as object[];
  expect(await count()).toHaveLength(2);

  const resumed = await home.run(['import', file, '--batch-size', '2'], { env: envFor(unlimited, therapist.token) });
  expect(resumed).toMatchObject({ code: 0 });
  expect(resumed.stderr).toContain('Imported 3 new records; 2 were already there.');
  expect(await count()).toEqual(clients.map(({ name, total_visits }) => ({ id: expect.any(String), name, total_visits })));
});
