// `practice server backup|restore` end to end: the built binary, PGlite data dirs of their own, a
// server started in the foreground, accounts and rows made over real HTTP. A backup's tar names its
// members relative to the data dir, and restore reads those of before, named from the root.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotStoppedDataDir } from '../../src/server/snapshot.js';
import { BIN, NODE_FLAGS, runPractice } from '../helpers/cli.js';

const SLOW = 120_000;
const EMAIL = 'backup@example.com';
const PASSWORD = 'correct horse battery';

let dir: string;
let env: NodeJS.ProcessEnv;

const practice = (args: string[]) => runPractice(args, env);

interface Server {
  child: ChildProcess;
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key: string };
  return { child, url, anonKey, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

async function post(server: Server, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${token ?? server.anonKey}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

const signIn = async (server: Server): Promise<string> =>
  (await post(server, '/auth/v1/token?grant_type=password', { email: EMAIL, password: PASSWORD })).access_token;

async function clientNames(server: Server): Promise<string[]> {
  const token = await signIn(server);
  const response = await fetch(`${server.url}/rest/v1/clients?select=name&order=name.asc`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
  return ((await response.json()) as Array<{ name: string }>).map((row) => row.name);
}

/** The member names of a gzipped tar as its headers hold them (ustar prefix, then name), read here and not by the code under test. */
function memberNames(gzipped: Buffer): string[] {
  const tar = gunzipSync(gzipped);
  const text = (start: number, length: number, at: number) => tar.subarray(at + start, at + start + length).toString('utf8').replace(/\0.*$/s, '');
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const prefix = text(257, 5, at) === 'ustar' ? text(345, 155, at) : '';
    names.push(prefix ? `${prefix}/${text(0, 100, at)}` : text(0, 100, at));
    at += 512 + Math.ceil(parseInt(text(124, 12, at), 8) / 512) * 512;
  }
  return names;
}

const hasGnuTar = spawnSync('tar', ['--version']).stdout?.toString().includes('GNU tar') ?? false;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-backup-'));
  env = { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data') };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('practice server backup and restore', () => {
  let dataDir: string;
  let whileRunning: string;
  let whileStopped: string;

  it('backs up a running server, and its admin route takes only the service key', async () => {
    dataDir = join(dir, 'practice-a');
    const server = await startServer(dataDir);
    try {
      const { access_token: token } = await post(server, '/auth/v1/signup', { email: EMAIL, password: PASSWORD });
      await post(server, '/rest/v1/clients', { name: 'Before Backup' }, token);

      whileRunning = join(dir, 'running.tar.gz');
      const backup = await practice(['server', 'backup', '--data-dir', dataDir, '--output', whileRunning]);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toMatch(new RegExp(`^✓ Wrote a backup of ${dataDir} \\(\\d+\\.\\d MB\\) to ${whileRunning}\\n$`));
      const file = await readFile(whileRunning);
      expect([...file.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      // Named relative to the data dir, as tar users expect (PGlite names them from the root).
      const names = memberNames(file);
      expect(names).toContain('PG_VERSION');
      expect(names.filter((name) => name.startsWith('/'))).toEqual([]);
      expect((await stat(whileRunning)).mode & 0o777).toBe(0o600);

      await post(server, '/rest/v1/clients', { name: 'After Backup' }, token);

      const noKey = await fetch(`${server.url}/admin/v1/backup`);
      expect(noKey.status).toBe(401);
      const asAnon = await fetch(`${server.url}/admin/v1/backup`, { headers: { apikey: server.anonKey } });
      expect([asAnon.status, ((await asAnon.json()) as { code: string }).code]).toEqual([401, '42501']);
      const asUser = await fetch(`${server.url}/admin/v1/backup`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
      expect([asUser.status, ((await asUser.json()) as { code: string }).code]).toEqual([403, '42501']);

      const onRunning = await practice(['server', 'restore', whileRunning, '--data-dir', dataDir, '--yes']);
      expect(onRunning.code).toBe(1);
      expect(onRunning.stderr).toContain('Stop it first: `practice server stop`');
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('backs up a stopped data dir into a time-stamped file in a directory, which must exist', async () => {
    const missing = await practice(['server', 'backup', '--data-dir', dataDir, '--output', `${join(dir, 'backups')}/`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`the folder ${join(dir, 'backups')} does not exist; nothing was written.`);
    await mkdir(join(dir, 'backups'));
    const backup = await practice(['server', 'backup', '--data-dir', dataDir, '--output', `${join(dir, 'backups')}/`]);
    expect(backup.code, backup.stderr).toBe(0);
    const written = await readdir(join(dir, 'backups'));
    expect(written).toEqual([expect.stringMatching(/^practice-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz$/)]);
    whileStopped = join(dir, 'backups', written[0]!);
    expect(backup.stderr).toContain(`to ${whileStopped}\n`);
    const names = memberNames(await readFile(whileStopped));
    expect(names).toContain('base');
    expect(names.filter((name) => name.startsWith('/'))).toEqual([]);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
  }, SLOW);

  it('refuses a file that is no backup, and asks before replacing a database, changing nothing', async () => {
    const notBackup = join(dir, 'notes.txt');
    await writeFile(notBackup, 'hello');
    const wrongFile = await practice(['server', 'restore', notBackup, '--data-dir', dataDir, '--yes']);
    expect(wrongFile.code).toBe(2);
    expect(wrongFile.stderr).toContain('is not a backup written by `practice server backup`');
    const unconfirmed = await practice(['server', 'restore', whileRunning, '--data-dir', dataDir]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Replacing a database needs confirmation');
    const server = await startServer(dataDir);
    try {
      expect(await clientNames(server)).toEqual(['After Backup', 'Before Backup']);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('restores a backup, keeping the database it replaces aside', async () => {
    const restore = await practice(['server', 'restore', whileRunning, '--data-dir', dataDir, '--yes']);
    expect(restore.code, restore.stderr).toBe(0);
    const keptAside = /The database it replaced is in (\S+)\.\n$/.exec(restore.stderr)?.[1];
    expect(keptAside).toMatch(new RegExp(`^${join(dataDir, 'pglite')}\\.before-restore-`));
    expect(existsSync(join(keptAside!, 'PG_VERSION'))).toBe(true);
    const server = await startServer(dataDir);
    try {
      expect(await clientNames(server)).toEqual(['Before Backup']);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('restores into a new data dir without asking, and the accounts sign in with their passwords', async () => {
    const fresh = join(dir, 'practice-b');
    // No terminal and no --yes: nothing is replaced, so nothing needs confirming.
    const restore = await practice(['server', 'restore', whileStopped, '--data-dir', fresh]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stderr).toBe(`✓ Restored ${whileStopped} into ${fresh}.\n`);
    const server = await startServer(fresh);
    try {
      expect(await clientNames(server)).toEqual(['After Backup', 'Before Backup']);
    } finally {
      await server.stop();
    }
  }, SLOW);

  it.skipIf(!hasGnuTar)('writes a tar that GNU tar unpacks without a warning, into the data dir\'s own layout', async () => {
    const into = join(dir, 'unpacked');
    await mkdir(into);
    const unpacked = spawnSync('tar', ['-xzf', whileStopped, '-C', into], { encoding: 'utf8' });
    expect([unpacked.status, unpacked.stderr]).toEqual([0, '']);
    expect(existsSync(join(into, 'PG_VERSION'))).toBe(true);
  });

  it('restores a backup written before its members were relative (named from the root)', async () => {
    // What `server backup` wrote until then: PGlite's own tar, as the service's snapshot still is.
    const before = join(dir, 'absolute.tar.gz');
    const snapshot = await snapshotStoppedDataDir(dataDir);
    expect(memberNames(snapshot)).toContain('/PG_VERSION');
    await writeFile(before, snapshot, { mode: 0o600 });
    const fresh = join(dir, 'practice-c');
    const restore = await practice(['server', 'restore', before, '--data-dir', fresh]);
    expect(restore.code, restore.stderr).toBe(0);
    const server = await startServer(fresh);
    try {
      expect(await clientNames(server)).toEqual(['Before Backup']);
    } finally {
      await server.stop();
    }
  }, SLOW);
});
