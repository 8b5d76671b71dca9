// A full disk under a PGlite data dir (issue 24.10): a write answers a quick 503 in PostgREST's shape
// (53100, "Check free disk space."), reads keep answering, writes are taken again once space is freed
// without a restart, SIGTERM stops the server, and every acknowledged write is there when the data
// dir is opened again. The disk is a small tmpfs, which needs root (CI runs as root). PostgreSQL
// gets no such test: its disk is the cluster's, shared with every other database on it.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_RESERVE_BYTES } from '../../src/server/db/disk-space.js';
import { startForeground, type Foreground } from '../helpers/foreground-server.js';

const isRoot = process.getuid?.() === 0;
const LIMITS_OFF = ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'];

async function stop(server: Foreground): Promise<number> {
  const started = Date.now();
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
  expect(code).toBe(0);
  return Date.now() - started;
}

describe.runIf(isRoot)('a PGlite server whose disk fills up (mounts a tmpfs: root only)', () => {
  let mount = '';
  beforeAll(async () => {
    mount = await mkdtemp(join(tmpdir(), 'practice-disk-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=100m', 'tmpfs', mount]);
  });
  afterAll(async () => {
    if (!mount) return;
    execFileSync('umount', ['-l', mount]);
    await rm(mount, { recursive: true, force: true });
  });

  it('refuses writes with 503 53100, keeps reading, writes again once space is freed, and loses nothing', async () => {
    const dataDir = join(mount, 'data');
    const filler = join(mount, 'filler');
    let server = await startForeground(['--data-dir', dataDir, ...LIMITS_OFF]);
    try {
      const email = `${randomUUID()}@example.com`;
      const signUp = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      });
      const session = (await signUp.json()) as { access_token: string };
      const headers = { apikey: server.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
      const add = (name: string) => fetch(`${server.url}/rest/v1/clients`, { method: 'POST', headers, body: JSON.stringify({ name }) });
      const names = async () => {
        const reply = await fetch(`${server.url}/rest/v1/clients?select=name&order=name`, { headers });
        expect(reply.status).toBe(200);
        return ((await reply.json()) as Array<{ name: string }>).map((row) => row.name);
      };
      expect((await add('Ann Lee')).status).toBe(201);
      expect((await add('Bob Stone')).status).toBe(201);

      // Leave half the reserve free.
      const { bavail, bsize } = await statfs(mount);
      await writeFile(filler, Buffer.alloc(bavail * bsize - DISK_RESERVE_BYTES / 2));
      const started = Date.now();
      const refused = await add('Carl Moss');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        code: '53100',
        details: null,
        hint: 'Check free disk space.',
        message: expect.stringMatching(/^could not write to the database: [\d.]+ MB free on its disk, 24 MB are kept free for its log$/),
      });
      expect(await names()).toEqual(['Ann Lee', 'Bob Stone']);
      expect((await fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } })).status).toBe(200);
      // Sign-up and sign-in write (the account, the session): the same 503, in Supabase Auth's shape.
      for (const path of ['signup', 'token?grant_type=password']) {
        const reply = await fetch(`${server.url}/auth/v1/${path}`, {
          method: 'POST',
          headers: { apikey: server.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: path === 'signup' ? `${randomUUID()}@example.com` : email, password: 'correct horse battery' }),
        });
        expect({ path, status: reply.status, body: await reply.json() }).toEqual({
          path,
          status: 503,
          body: { code: 503, error_code: 'unexpected_failure', msg: expect.stringMatching(/MB are kept free for its log\. Check free disk space\.$/) },
        });
      }

      await rm(filler);
      expect((await add('Dora Lane')).status).toBe(201);
      expect(await names()).toEqual(['Ann Lee', 'Bob Stone', 'Dora Lane']);
      await stop(server);

      server = await startForeground(['--data-dir', dataDir, ...LIMITS_OFF]);
      expect(await names()).toEqual(['Ann Lee', 'Bob Stone', 'Dora Lane']);
      await stop(server);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
