// `practice server start|stop|status|token` end to end: the built binary, a temporary data dir,
// real HTTP. PGlite always; PostgreSQL too when PRACTICE_TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/fs/process-alive.js';
import { runPractice } from '../helpers/cli.js';
import { databaseUrl } from '../helpers/database-url.js';
import { startForeground } from '../helpers/foreground-server.js';

const practice = (args: string[], env: NodeJS.ProcessEnv = {}) => runPractice(args, { ...process.env, ...env });

let postgresUrl = '';
const stores = [
  { name: 'pglite', args: (): string[] => [] },
  ...(process.env.PRACTICE_TEST_DATABASE_URL ? [{ name: 'postgres', args: (): string[] => ['--database-url', postgresUrl] }] : []),
];
const postgresDatabase = `practice_cli_${process.pid}`;
let admin: postgres.Sql | null = null;

beforeAll(async () => {
  const serverUrl = process.env.PRACTICE_TEST_DATABASE_URL;
  if (!serverUrl) return;
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${postgresDatabase} with (force)`);
  await admin.unsafe(`create database ${postgresDatabase}`);
  postgresUrl = databaseUrl(serverUrl, postgresDatabase);
});

afterAll(async () => {
  if (!admin) return;
  await admin.unsafe(`drop database if exists ${postgresDatabase} with (force)`);
  await admin.end();
});

describe.each(stores)('practice server on $name', (store) => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'practice-server-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one JSON line, answers, refuses a second server on the data dir, and shuts down cleanly', async () => {
    const server = await startForeground(['--data-dir', dataDir, ...store.args()]);
    try {
      const openapi = await fetch(`${server.url}/rest/v1/`, { headers: { apikey: server.anonKey } });
      expect(openapi.status).toBe(200);
      expect(((await openapi.json()) as { swagger: string }).swagger).toBe('2.0');

      const second = await practice(['server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir, ...store.args()]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`pid ${server.child.pid}`);
      expect(second.stdout).toBe('');

      const status = await practice(['server', 'status', '--json', '--data-dir', dataDir]);
      expect(status.code).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({
        running: true, url: server.url, anon_key: server.anonKey, pid: server.child.pid, store: store.name,
      });

      // A token minted by `server token` is accepted by the server for that user.
      const token = await practice(['server', 'token', '--sub', randomUUID(), '--data-dir', dataDir]);
      expect(token.code).toBe(0);
      const clients = await fetch(`${server.url}/rest/v1/clients`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${token.stdout.trim()}` },
      });
      expect(clients.status).toBe(200);
      expect(await clients.json()).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
  });

  it('keeps what was written across a restart', async () => {
    const first = await startForeground(['--data-dir', dataDir, ...store.args()]);
    const token = (await practice(['server', 'token', '--sub', randomUUID(), '--data-dir', dataDir])).stdout.trim();
    const headers = { apikey: first.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/rest/v1/clients`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ann Lee' }) });
    expect(created.status).toBe(201);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = await startForeground(['--data-dir', dataDir, ...store.args()]);
    try {
      expect(second.anonKey).toBe(first.anonKey);
      const read = await fetch(`${second.url}/rest/v1/clients?select=name`, { headers });
      expect(await read.json()).toEqual([{ name: 'Ann Lee' }]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

describe('practice server in the background', () => {
  it('starts detached, reports status, and stops', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-server-'));
    try {
      const started = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir]);
      expect(started.code).toBe(0);
      expect(started.stderr).toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);

      const again = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir]);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('already running');

      const status = await practice(['server', 'status', '--data-dir', dataDir]);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^running at http:\/\/127\.0\.0\.1:\d+ \(pid \d+, pglite/);
      expect((await stat(join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);

      const stopped = await practice(['server', 'stop', '--data-dir', dataDir]);
      expect(stopped.code).toBe(0);
      const pid = Number(/Stopped the practice service \(pid (\d+)\)/.exec(stopped.stderr)?.[1]);
      // Exited, not only off the data dir: it writes nothing more once stop has answered.
      expect(isProcessAlive(pid)).toBe(false);

      const after = await practice(['server', 'status', '--json', '--data-dir', dataDir]);
      expect(after.code).toBe(1);
      expect(JSON.parse(after.stdout)).toMatchObject({ running: false, url: null });
    } finally {
      await practice(['server', 'stop', '--data-dir', dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('hands --trust-proxy to the server it starts: limits count the client X-Forwarded-For names', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-server-'));
    try {
      const started = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir, '--trust-proxy', 'loopback', '--auth-per-minute', '1']);
      expect(started.code, started.stderr).toBe(0);
      const { url, anon_key: anonKey } = JSON.parse((await practice(['server', 'status', '--json', '--data-dir', dataDir])).stdout) as { url: string; anon_key: string };
      // Sign-ups that fail still count; each client behind the trusted balancer has its own allowance.
      const signUpFrom = async (client: string) =>
        (await fetch(`${url}/auth/v1/signup`, { method: 'POST', headers: { apikey: anonKey, 'x-forwarded-for': client }, body: '{}' })).status;
      expect(await signUpFrom('203.0.113.1')).toBe(422);
      expect(await signUpFrom('203.0.113.2')).toBe(422);
      expect(await signUpFrom('203.0.113.1')).toBe(429);
    } finally {
      await practice(['server', 'stop', '--data-dir', dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses bad flags with exit 2 and starts nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-server-'));
    try {
      const badPort = await practice(['server', 'start', '--port', '70000', '--data-dir', dataDir]);
      expect(badPort.code).toBe(2);
      expect(badPort.stderr).toContain('a whole number from 0 to 65535');
      const badSub = await practice(['server', 'token', '--sub', 'not-a-uuid', '--data-dir', dataDir]);
      expect(badSub.code).toBe(2);
      expect(badSub.stderr).toContain('--sub must be a uuid');
      for (const proxy of ['balancer.example', '10.0.0.0/33', '127.0.0.1,']) {
        const badProxy = await practice(['server', 'start', '--trust-proxy', proxy, '--data-dir', dataDir]);
        expect(badProxy.code, proxy).toBe(2);
        expect(badProxy.stderr).toContain('is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal.');
      }
      expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
