// A service that dies under a command: a real `practice server start` killed (SIGKILL) while a request
// waits in its socket or while its answer is on the way, and a loopback TCP server of our own that cuts
// answers short. Every kind of command says what happened, names the URL, exits 1, and prints no stack.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, NODE_FLAGS, type CliResult, type LaunchedPractice, launchPractice, runPractice } from '../helpers/cli.js';

const SLOW = 180_000;

interface Service {
  pid: number;
  url: string;
  port: number;
  anonKey: string;
  exited: Promise<void>;
}

let dir: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let service: Service;
let token: string;
// Commands held still by a test, to be killed should it fail before letting them go.
const stopped = new Set<number>();

async function startService(at: string): Promise<Service> {
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'server', 'start', '--foreground', '--port', '0', '--data-dir', at], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await Promise.race([
    new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    exited.then((): never => {
      throw new Error(`the service on ${at} exited before listening`);
    }),
  ]);
  const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key: string };
  return { pid: child.pid!, url, port: Number(new URL(url).port), anonKey, exited };
}

async function post(path: string, body: unknown, bearer = service.anonKey): Promise<any> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { apikey: service.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

/** The service's end of each TCP connection to it, with the bytes it has not read or not yet sent. */
function serviceSockets(port: number): Array<{ unread: number; unsent: number }> {
  // Linux's table of IPv4 TCP sockets: local and remote address:port in hex, state (01 established), tx:rx queues.
  return readFileSync('/proc/net/tcp', 'utf8').trim().split('\n').slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => state === '01' && Number.parseInt(local!.split(':')[1]!, 16) === port)
    .map(([, , , , queues]) => {
      const [unsent, unread] = queues!.split(':').map((hex) => Number.parseInt(hex, 16));
      return { unread: unread!, unsent: unsent! };
    });
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const requestWaiting = () => serviceSockets(service.port).some((socket) => socket.unread > 0);

/** Freezes the service (SIGSTOP), and kills it (SIGKILL) once the command's first request has reached it. */
async function killAtFirstRequest(): Promise<void> {
  process.kill(service.pid, 'SIGSTOP');
  await until(requestWaiting, 'the request to reach the service');
  process.kill(service.pid, 'SIGKILL');
  await service.exited;
}

/**
 * Kills the service part way through sending its answer: the command is held still (SIGSTOP), so
 * its socket fills and the rest of the answer waits in the service, which is then killed.
 */
async function killMidAnswer(command: LaunchedPractice): Promise<void> {
  stopped.add(command.pid);
  process.kill(service.pid, 'SIGSTOP');
  await until(requestWaiting, 'the request to reach the service');
  process.kill(command.pid, 'SIGSTOP');
  process.kill(service.pid, 'SIGCONT');
  await until(() => serviceSockets(service.port).some((socket) => socket.unsent > 0), 'the service to start answering', 120_000);
  process.kill(service.pid, 'SIGKILL');
  await service.exited;
  process.kill(command.pid, 'SIGCONT');
  stopped.delete(command.pid);
}

const asTherapist = () => ({ ...env, PRACTICE_URL: service.url, PRACTICE_ANON_KEY: service.anonKey, PRACTICE_TOKEN: token });

/** What every failure here must look like: it ends in one error naming the URL and a hint, exit 1, no stack. */
function expectClearFailure(result: CliResult, url: string): void {
  expect(result.code, result.stderr).toBe(1);
  // Before it, at most the notices of retries.
  expect(result.stderr).toMatch(/^(.+; retrying in \d+ s…\n)*error: .+\nhint: .+\n$/);
  expect(result.stderr).toContain(url);
  expect(result.stderr).not.toMatch(/\n\s+at |TypeError|fetch failed/);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-netfail-'));
  dataDir = join(dir, 'practice');
  env = { PATH: process.env.PATH, HOME: dir, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  service = await startService(dataDir);
  token = (await post('/auth/v1/signup', { email: 'netfail@example.com', password: 'correct horse battery' })).access_token;
  // Random notes that do not compress, so the clients and the snapshot are more than the sockets
  // between the service and a held-still command can buffer (about 4 MB).
  for (let i = 0; i < 8; i++) await post('/rest/v1/clients', { name: `Before ${i}`, notes: randomBytes(600_000).toString('base64') }, token);
}, SLOW);

const killIfAlive = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone, as it should be.
  }
};

// The service each test killed, or (if the test failed first) the one still running.
afterEach(async () => {
  killIfAlive(service.pid);
  await service.exited;
  for (const pid of stopped) killIfAlive(pid);
  stopped.clear();
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a service killed under a command', () => {
  it('a read', async () => {
    const command = launchPractice(['client', 'list'], asTherapist());
    await killAtFirstRequest();
    expectClearFailure(await command.result, service.url);
  }, SLOW);

  it('a write', async () => {
    service = await startService(dataDir);
    const command = launchPractice(['client', 'add', '--name', 'Never Added'], asTherapist());
    await killAtFirstRequest();
    expectClearFailure(await command.result, service.url);
  }, SLOW);

  it('a bulk import', async () => {
    service = await startService(dataDir);
    const clients = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), name: `Imported ${i}` }));
    const tables = { clients, service_menu: [], business_hours: [], appointments: [], sessions: [], expenses: [], conversation_log: [] };
    const file = join(dir, 'import.json');
    await writeFile(file, JSON.stringify({ format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://old.example/rest/v1' }, tables }));
    const command = launchPractice(['import', file, '--batch-size', '2'], asTherapist());
    await killAtFirstRequest();
    expectClearFailure(await command.result, service.url);
  }, SLOW);

  it('an export, its answer cut mid-way, writing no file', async () => {
    service = await startService(dataDir);
    const out = join(dir, 'exports');
    await mkdir(out, { recursive: true });
    const command = launchPractice(['export', '--output', `${out}/`], asTherapist());
    await killMidAnswer(command);
    expectClearFailure(await command.result, service.url);
    expect(await readdir(out).catch(() => [])).toEqual([]);
  }, SLOW);

  it('a backup: nothing written, and run again once the service is gone it succeeds and restores', async () => {
    service = await startService(dataDir);
    const backups = join(dir, 'backups');
    await mkdir(backups, { recursive: true });
    const command = launchPractice(['server', 'backup', '--data-dir', dataDir, '--output', `${backups}/`], env);
    await killMidAnswer(command);
    const failed = await command.result;
    expectClearFailure(failed, service.url);
    expect(failed.stderr).toContain('error: The practice service stopped answering during the backup; nothing was written.');
    expect(failed.stderr).toContain('hint: Run `practice server backup` again');
    expect(await readdir(backups).catch(() => [])).toEqual([]);

    const again = await runPractice(['server', 'backup', '--data-dir', dataDir, '--output', `${backups}/`], env);
    expect(again.code, again.stderr).toBe(0);
    const [file] = await readdir(backups);
    const restored = join(dir, 'restored');
    const restore = await runPractice(['server', 'restore', join(backups, file!), '--data-dir', restored], env);
    expect(restore.code, restore.stderr).toBe(0);
    service = await startService(restored);
    const signedIn = await post('/auth/v1/token?grant_type=password', { email: 'netfail@example.com', password: 'correct horse battery' });
    const names = await runPractice(['client', 'list', '--json', 'name'], { ...asTherapist(), PRACTICE_TOKEN: signedIn.access_token });
    expect(names.code, names.stderr).toBe(0);
    expect((JSON.parse(names.stdout) as Array<{ name: string }>).map((row) => row.name)).toEqual(expect.arrayContaining(['Before 0', 'Before 3']));
  }, SLOW);
});

/** A loopback server that reads a request and answers it as `answer` says, with the raw socket. */
async function rawServer(answer: (socket: Socket, count: number) => void): Promise<{ url: string; connections: () => number; close(): void }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => answer(socket, ++count));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('an answer cut short', () => {
  const headers = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 4000\r\n\r\n';
  const envFor = (url: string) => ({ ...env, PRACTICE_URL: url, PRACTICE_ANON_KEY: 'anon', PRACTICE_TOKEN: 'token' });

  it('mid-body is retried for a read, then reported', async () => {
    const server = await rawServer((socket) => socket.end(`${headers}[{"id":1,`));
    const result = await runPractice(['--max-wait', '2', 'api', 'GET', 'clients'], envFor(server.url));
    server.close();
    expectClearFailure(result, server.url);
    expect(result.stderr).toContain(`error: The connection to ${server.url} broke off before the answer was complete (ECONNRESET).`);
    expect(server.connections()).toBeGreaterThan(1);
  });

  it('by a reset is not repeated for a write, which may have been applied', async () => {
    const server = await rawServer((socket) => socket.write(`${headers}[{"id":1,`, () => socket.resetAndDestroy()));
    const result = await runPractice(['api', 'POST', 'clients', '-f', 'name=Ann'], envFor(server.url));
    server.close();
    expectClearFailure(result, server.url);
    expect(result.stderr).toContain('hint: The service may have stopped mid-request, after making the change or before');
    expect(server.connections()).toBe(1);
  });

  it('shows the failure underneath, stack and all, only with --verbose', async () => {
    const server = await rawServer((socket) => socket.write(`${headers}[{"id":1,`, () => socket.resetAndDestroy()));
    const result = await runPractice(['--verbose', 'api', 'POST', 'clients', '-f', 'name=Ann'], envFor(server.url));
    server.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\n< no answer \(\d+ ms\): Error: (read ECONNRESET|aborted)\n\s+at /);
    expect(result.stderr).toMatch(/\nerror: The connection to .+\nhint: .+\n$/);
  });

  it('by a service that dies while the command waits to retry: its kept-alive connection is gone', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: keep-alive\r\ncontent-length: 2\r\n\r\n{}');
      setTimeout(() => server.close(), 100);
    });
    const result = await runPractice(['api', 'GET', 'clients'], envFor(server.url));
    expectClearFailure(result, server.url);
    expect(result.stderr).toContain(`error: Could not connect to ${server.url}: connection refused.`);
  });
});
