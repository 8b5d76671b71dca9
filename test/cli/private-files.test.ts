// A practice's records on disk are their owner's alone whatever the umask: every path of a data dir
// (PGlite's files included) after a first start, writes, a restore and a start after it, every backup
// and every full export is 0600 (folders 0700), each command run under umask 0000. A day sheet meant
// to be published keeps the mode of the file it replaces, is 0644 when new, or takes --mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressInfo, createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type CliHome, type CliResult, NODE_FLAGS, signedInHome, UNEXPECTED_FAILURE } from '../helpers/cli.js';

const SLOW = 120_000;

let dir: string;
let dataDir: string;
let serverEnv: NodeJS.ProcessEnv;
let server: { child: ChildProcess; url: string; anonKey: string; exited: Promise<unknown> } | null = null;
let home: CliHome;
// One port for every start, so the signed-in profile reaches the server after each restart.
let port: number;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** `practice <args>` under `umask` (a shell sets it, as a login or cron would), with `env`. */
function underUmask(umask: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('/bin/sh', ['-c', `umask ${umask}; exec "$0" "$@"`, process.execPath, ...NODE_FLAGS, BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function run(umask: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const child = underUmask(umask, args, env);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => (stderr.includes(UNEXPECTED_FAILURE) ? reject(new Error(stderr)) : resolve({ code: code ?? -1, stdout, stderr })));
  });
}

async function startServer(): Promise<void> {
  const child = underUmask('0000', ['server', 'start', '--foreground', '--port', String(port), '--data-dir', dataDir], serverEnv);
  child.stderr!.resume();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key: string };
  server = { child, url, anonKey, exited };
}

async function stopServer(): Promise<void> {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
  server = null;
}

/** Every path under `root` (itself included) whose mode is not 0600 for a file or 0700 for a folder. */
async function notPrivate(root: string): Promise<string[]> {
  const info = await lstat(root);
  const mode = info.mode & 0o7777;
  const wrong = mode === (info.isDirectory() ? 0o700 : 0o600) ? [] : [`${root} ${mode.toString(8)}`];
  if (!info.isDirectory()) return wrong;
  for (const name of await readdir(root)) wrong.push(...(await notPrivate(join(root, name))));
  return wrong;
}

async function pathsUnder(root: string): Promise<number> {
  const info = await lstat(root);
  if (!info.isDirectory()) return 1;
  let count = 1;
  for (const name of await readdir(root)) count += await pathsUnder(join(root, name));
  return count;
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

async function practice(args: string[], umask = '0000'): Promise<CliResult> {
  const result = await run(umask, args, home.env);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-private-'));
  dataDir = join(dir, 'data-dir');
  port = await freePort();
  serverEnv = { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg-data') };
  await startServer();
  home = await signedInHome(server!.url, server!.anonKey);
}, SLOW);

afterAll(async () => {
  await stopServer();
  await home?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('under umask 0000', () => {
  it('a data dir is private after its first start and writes, and so are a backup and a full export', async () => {
    for (const name of ['Ada Private', 'Bo Private']) await practice(['client', 'add', '--name', name]);
    // --output names folders that exist (a missing one is refused): made private here, as a user would.
    await mkdir(join(dir, 'exports', 'nested'), { recursive: true, mode: 0o700 });
    await mkdir(join(dir, 'backups'), { mode: 0o700 });
    const backup = join(dir, 'backups', 'running.tar.gz');
    const backedUp = await run('0000', ['server', 'backup', '--data-dir', dataDir, '--output', backup], serverEnv);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const exported = await practice(['export', '--output', join(dir, 'exports', 'nested') + '/']);
    const exportFile = exported.stderr.match(/to (\S+\.json)/)?.[1];
    expect(exportFile, exported.stderr).toBeDefined();

    expect(await notPrivate(join(dir, 'backups'))).toEqual([]);
    expect(await notPrivate(join(dir, 'exports'))).toEqual([]);
    expect(await notPrivate(dataDir)).toEqual([]);
    // Not a vacuous walk: PGlite's files are there.
    expect(await pathsUnder(dataDir)).toBeGreaterThan(400);
  }, SLOW);

  it('a restore, and a start and writes after it, leave every path of the data dir private; a stopped backup is too', async () => {
    await stopServer();
    const stopped = join(dir, 'stopped.tar.gz');
    const backedUp = await run('0000', ['server', 'backup', '--data-dir', dataDir, '--output', stopped], serverEnv);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(await modeOf(stopped)).toBe('600');

    const restored = await run('0000', ['server', 'restore', join(dir, 'backups', 'running.tar.gz'), '--data-dir', dataDir, '--yes'], serverEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('The database it replaced is in');
    expect(await notPrivate(dataDir)).toEqual([]);

    await startServer();
    await practice(['client', 'add', '--name', 'Cy After Restore']);
    expect((await practice(['client', 'list', '--json', 'name'])).stdout).toContain('Ada Private');
    await stopServer();
    expect(await notPrivate(dataDir)).toEqual([]);
  }, SLOW);
});

describe('appt export --output, a day sheet to publish', () => {
  it('is 0644 when new, keeps the mode of the file it replaces, and takes --mode', async () => {
    await startServer();
    const published = join(dir, 'www');
    await mkdir(published, { mode: 0o755 });
    const sheet = join(published, 'today.ics');
    const args = ['appt', 'export', '--date', 'today', '--format', 'ics', '--output', sheet];

    await practice(args, '0077');
    expect(await modeOf(sheet)).toBe('644');
    await chmod(sheet, 0o640);
    await practice(args, '0000');
    expect(await modeOf(sheet)).toBe('640');
    await practice([...args, '--mode', '0604']);
    expect(await modeOf(sheet)).toBe('604');

    const bad = await run('0000', [...args, '--mode', 'rw-r--r--'], home.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected an octal mode like 644 or 0640');
    const toStdout = await run('0000', ['appt', 'export', '--mode', '644'], home.env);
    expect(toStdout.code).toBe(2);
    expect(toStdout.stderr).toContain('--mode: needs --output');
    expect(await modeOf(sheet)).toBe('604');
  }, SLOW);
});
