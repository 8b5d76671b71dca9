// The progress bar of `practice import`: drawn on stderr at a terminal (in-process, on fake terminal
// streams), and absent when stderr is piped, so logs get no carriage returns.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../../src/cli/program.js';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let home: CliHome;
let file: string;

beforeAll(async () => {
  server = await startTestServer();
  home = await tempHome();
  const clients = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), name: `Client ${i}` }));
  const tables = { clients, service_menu: [], business_hours: [], appointments: [], sessions: [], expenses: [], conversation_log: [] };
  file = join(home.dir, 'backup.json');
  await writeFile(file, JSON.stringify({ format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://old.example/rest/v1' }, tables }));
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

async function envFor() {
  const { token } = await server.therapist();
  return { ...home.env, PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token };
}

it('draws a progress bar on a terminal, one redraw a batch', async () => {
  const stream = () => Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  const io = { stdin: stream(), stdout: stream(), stderr: stream() };
  const programIO = { io, env: await envFor(), now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } };
  expect(await run(['import', file, '--batch-size', '2'], programIO)).toBe(0);
  const stderr = io.stderr.read()?.toString() ?? '';
  expect(stderr.match(/\[[#-]{24}\] \d\/5 clients/g)).toEqual(['[##########--------------] 2/5 clients', '[###################-----] 4/5 clients', '[########################] 5/5 clients']);
  expect(stderr).toMatch(/\r\u001b\[2K\S* ?Imported 5 new records; 0 were already there\.\n$/);
});

it('draws none when stderr is piped', async () => {
  const result = await home.run(['import', file, '--batch-size', '2'], { env: await envFor() });
  expect(result).toMatchObject({ code: 0, stdout: '' });
  expect(result.stderr).toBe('✓ Imported 5 new records; 0 were already there.\n');
});
