// The built binary keeps a V8 code cache per noun (src/cli/cached-require.ts): written once, then
// used as is; a damaged or stale one is replaced, never a failure; NODE_DISABLE_COMPILE_CACHE skips it.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';

let home: CliHome;
let cacheDir: string;

beforeEach(async () => {
  home = await tempHome();
  cacheDir = join(home.dir, 'cache', 'practice');
  home.env.XDG_CACHE_HOME = join(home.dir, 'cache');
});
afterEach(() => home.cleanup());

async function helpEnvironment(env: NodeJS.ProcessEnv = {}): Promise<void> {
  const result = await home.run(['help', 'environment'], { env });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('PRACTICE_PROFILE');
}

async function cacheFiles(): Promise<string[]> {
  return (await readdir(cacheDir)).sort();
}

describe('the compile cache', () => {
  it('is written by the first run of a noun, private to the user, and used unchanged after', async () => {
    await helpEnvironment();
    const files = await cacheFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^v\d+\.\d+\.\d+-[a-z0-9]+-\d+-\d+-help\.v8$/);
    const path = join(cacheDir, files[0]!);
    const written = await stat(path);
    expect(written.size).toBeGreaterThan(10_000);
    expect(written.mode & 0o777).toBe(0o600);
    expect((await stat(cacheDir)).mode & 0o777).toBe(0o700);

    await helpEnvironment();
    // Accepted by V8, so not written again: the same file, untouched.
    const reused = await stat(path);
    expect([reused.ino, reused.mtimeMs]).toEqual([written.ino, written.mtimeMs]);

    await home.run(['profile', 'list']);
    expect((await cacheFiles()).map((file) => file.replace(/^.*-/, ''))).toEqual(['help.v8', 'profile.v8']);
  });

  it('replaces a damaged cache and still runs the command', async () => {
    await helpEnvironment();
    const [file] = await cacheFiles();
    const path = join(cacheDir, file!);
    await writeFile(path, 'not a code cache');

    await helpEnvironment();
    const replaced = await readFile(path);
    expect(replaced.toString('latin1')).not.toBe('not a code cache');
    expect(replaced.length).toBeGreaterThan(10_000);
  });

  it('drops the caches of other builds when it writes its own', async () => {
    await helpEnvironment();
    const [current] = await cacheFiles();
    const stale = 'v18.0.0-x64-1-1-help.v8';
    await writeFile(join(cacheDir, stale), 'an older build');
    await writeFile(join(cacheDir, current!), 'damaged, so rewritten');

    await helpEnvironment();
    expect(await cacheFiles()).toEqual([current]);
  });

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE', async () => {
    await helpEnvironment({ NODE_DISABLE_COMPILE_CACHE: '1' });
    await expect(readdir(cacheDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
