// The binary keeps a V8 code cache of dist/'s files by hand (src/cli/compile-cache.ts), and turns on
// Node's own compile cache too where Node has one (22.1+), both in the practice's cache folder unless
// NODE_COMPILE_CACHE names another (then Node's alone). A damaged or unwritable cache is never a failure.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { basename, join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliHome, tempHome, useBuiltBinary } from '../helpers/cli.js';

// The built binary's tier (test/README.md): what is measured is the process.
useBuiltBinary();

/** Whether this Node (the one the tests spawn the binary with) has a compile cache to turn on. */
const NODE_HAS_COMPILE_CACHE = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let home: CliHome;
let ours: string;

beforeEach(async () => {
  home = await tempHome();
  home.env.XDG_CACHE_HOME = join(home.dir, 'cache');
  ours = join(home.dir, 'cache', 'practice', 'compile-cache');
});
afterEach(() => home.cleanup());

async function helpEnvironment(env: NodeJS.ProcessEnv = {}): Promise<void> {
  const result = await home.run(['help', 'environment'], { env });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('PRACTICE_PROFILE');
}

/** A file of the code cache kept by hand, not of Node's own (nor the empty marks of the commands that ran, in ran/). */
const isOurs = (file: string) => file.includes(`${sep}dist-v`) && !file.includes(`${sep}ran${sep}`);

/** The files under `dir`, or null when there is no such folder. */
async function filesUnder(dir: string): Promise<string[] | null> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

describe('the compile cache', () => {
  it(NODE_HAS_COMPILE_CACHE ? "is ours and Node's own, kept in the practice's cache folder" : "is ours, kept in the practice's cache folder on a Node without its own", async () => {
    await helpEnvironment();
    const files = await filesUnder(ours);
    // Ours: a code cache per file of dist/ the command loaded, cli.cjs's among them.
    expect(files?.filter(isOurs).map((file) => basename(file))).toContain('cli.cjs');
  });

  it('goes where NODE_COMPILE_CACHE says, and then not into ours', async () => {
    const theirs = join(home.dir, 'their-cache');
    await helpEnvironment({ NODE_COMPILE_CACHE: theirs });
    expect(await filesUnder(ours)).toBeNull();
    const files = await filesUnder(theirs);
    if (NODE_HAS_COMPILE_CACHE) expect(files?.length).toBeGreaterThan(0);
    else expect(files).toBeNull();
  });

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE', async () => {
    await helpEnvironment({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(await filesUnder(ours)).toBeNull();
  });

  it('still runs the command when the cache is damaged', async () => {
    await helpEnvironment();
    const files = (await filesUnder(ours)) ?? [];
    for (const file of files) await writeFile(file, 'not a code cache');
    await helpEnvironment();
    // Ours writes what V8 refused anew, and the next run uses it.
    expect(files.filter(isOurs).length).toBeGreaterThan(0);
    for (const file of files.filter(isOurs)) expect(await readFile(file, 'utf8')).not.toBe('not a code cache');
    await helpEnvironment();
  });

  it("keeps what a command's first run compiled besides, and writes nothing on its next runs", async () => {
    await helpEnvironment();
    const cli = (await filesUnder(ours))!.find((file) => isOurs(file) && basename(file) === 'cli.cjs')!;
    const first = await stat(cli);
    // Another command's first run: cli.cjs's cache is written again, with that command's code added.
    expect((await home.run(['profile', 'list'])).code).toBe(0);
    const second = await stat(cli);
    expect(second.size).toBeGreaterThan(first.size);
    // Its next run finds all it compiles in the cache: nothing is written.
    expect((await home.run(['profile', 'list'])).code).toBe(0);
    expect((await stat(cli)).mtimeMs).toBe(second.mtimeMs);
  });

  it("keeps another build's cache: two checkouts taking turns do not drop each other's", async () => {
    await helpEnvironment();
    const builds = async () => (await readdir(ours)).filter((name) => name.startsWith('dist-v')).sort();
    const [own] = await builds();
    // As another build of the same Node would have left it: a folder of its own beside ours.
    const other = own!.replace(/-\d+$/, '-1');
    await mkdir(join(ours, other, 'ran'), { recursive: true });
    await writeFile(join(ours, other, 'cli.cjs'), 'its code cache');
    expect((await home.run(['profile', 'list'])).code).toBe(0);
    expect(await builds()).toEqual([own, other].sort());
  });

  it('still runs the command when the cache folder cannot be made', async () => {
    // A file where the folder would go: no permission bits involved, so it holds for root too.
    await mkdir(join(home.dir, 'cache'), { recursive: true });
    await writeFile(join(home.dir, 'cache', 'practice'), 'a file, not a folder');
    await helpEnvironment();
  });
});
