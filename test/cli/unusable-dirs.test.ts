// A config or data directory the CLI cannot write (read-only, full, or below a file) ends the command
// with a message naming the directory and the environment variables that move it: exit 1, no stack.
// A path below a regular file (ENOTDIR) fails for anyone; root ignores file modes, so the read-only
// (EROFS) and full (ENOSPC) cases mount a small tmpfs, which needs root (as CI runs): they run only then.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';

let home: CliHome;
const mounts: string[] = [];

function mountTmpfs(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return false;
  }
  mounts.push(dir);
  return true;
}

const canMount = process.getuid?.() === 0 && (() => {
  const probe = `/tmp/practice-mount-probe-${process.pid}`;
  const ok = mountTmpfs(probe, 'size=64k');
  if (ok) execFileSync('umount', [mounts.pop()!]);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  for (const dir of mounts.reverse()) execFileSync('umount', [dir]);
  await home.cleanup();
});

const CONFIG_HINT = 'set PRACTICE_CONFIG_DIR (or XDG_CONFIG_HOME) to a writable directory: profiles and sessions are kept there.';
const add = ['profile', 'add', 'work', '--url', 'https://work.example', '--anon-key', 'key'];

describe('a config or data directory the CLI cannot write', () => {
  it('below a regular file: names the directory and PRACTICE_CONFIG_DIR, exit 1', async () => {
    const file = join(home.dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const configDir = join(file, 'practice');
    for (const args of [add, ['profile', 'list'], ['client', 'list']]) {
      const result = await home.run(args, { env: { PRACTICE_CONFIG_DIR: configDir } });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toBe(`error: Cannot write to the config directory ${configDir}: a part of its path is a file, not a directory (ENOTDIR).\n`
        + `hint: S${CONFIG_HINT.slice(1)}\n`);
    }
  });

  it('a data dir below a regular file: names it and XDG_DATA_HOME', async () => {
    const file = join(home.dir, 'another-file');
    writeFileSync(file, 'not a directory');
    const result = await home.run(['client', 'list'], { env: { XDG_DATA_HOME: file } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: Cannot write to the data directory ${join(file, 'practice')}: a part of its path is a file, not a directory (ENOTDIR).\n`);
    expect(result.stderr).toContain('hint: Set XDG_DATA_HOME to a writable directory: the local service keeps its data there');
  });

  it.runIf(canMount)('a read-only HOME (EROFS): the lock file, and the config dir itself', async () => {
    const readOnlyHome = join(home.dir, 'ro-home');
    expect(mountTmpfs(readOnlyHome, 'size=1m')).toBe(true);
    const configDir = join(readOnlyHome, '.config', 'practice');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ version: 1, profiles: {} }));
    execFileSync('mount', ['-o', 'remount,ro', readOnlyHome]);
    // As a person's shell has it: no PRACTICE_CONFIG_DIR, the config under HOME.
    const env = { HOME: readOnlyHome, PRACTICE_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined };
    const lock = await home.run(add, { env });
    expect(lock.code).toBe(1);
    expect(lock.stderr).toBe(`error: Cannot write to the config directory ${configDir}: it is on a read-only file system (EROFS).\nhint: S${CONFIG_HINT.slice(1)}\n`);
    // The local profile's first command: its data dir under HOME cannot even be made.
    const local = await home.run(['client', 'list'], { env: { ...env, XDG_DATA_HOME: undefined } });
    expect(local.code).toBe(1);
    expect(local.stderr).toMatch(/^error: Cannot write to the (config|data) directory .*: it is on a read-only file system \(EROFS\)\.\nhint: Set /);
    const below = await home.run(add, { env: { ...env, XDG_CONFIG_HOME: join(readOnlyHome, 'xdg') } });
    expect(below.code).toBe(1);
    expect(below.stderr).toContain(`error: Cannot write to the config directory ${join(readOnlyHome, 'xdg', 'practice')}: it is on a read-only file system (EROFS).`);
  });

  it.runIf(canMount)('a full config disk (ENOSPC): says so, and to free space or move it', async () => {
    const full = join(home.dir, 'full');
    expect(mountTmpfs(full, 'size=64k')).toBe(true);
    try {
      writeFileSync(join(full, 'filler'), Buffer.alloc(1024 * 1024));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const result = await home.run(add, { env: { PRACTICE_CONFIG_DIR: full } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: Cannot write to the config directory ${full}: the disk is full (ENOSPC).\nhint: Free some space on its disk, or ${CONFIG_HINT}\n`);
  });
});
