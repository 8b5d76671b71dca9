// src/fs/atomic-files.ts on a real temporary directory: a replaced file is never seen half-written,
// an exclusive create has one winner, lock holders never overlap, a dead holder's lock is taken over,
// and nothing is left behind.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileExclusively, tryLock, withFileLock, writeFileAtomically } from '../../src/fs/atomic-files.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-atomic-files-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (and so cannot hold anything). */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

const pidOf = (content: string) => Number(content.split(' ')[0]) || null;

describe('writeFileAtomically', () => {
  it('lets a reader see the old file or a whole new one while writers race, and leaves one whole file of mode 0600', async () => {
    const path = join(dir, 'export.csv');
    // Large enough that a plain write takes several system calls, which the reader's run between.
    const size = 4 * 1024 * 1024;
    const contents = 'abcdef'.split('').map((letter) => letter.repeat(size));
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const text = await readFile(path, 'utf8').catch(() => null);
        if (text !== null) {
          // Compared by length and ends: a message quoting 4 MB would be no help.
          expect(text.length).toBe(size);
          expect(text.at(-1)).toBe(text[0]);
          seen.add(text[0]!);
        }
        await sleep(0);
      }
    })();
    await Promise.all(contents.map((content) => writeFileAtomically(path, content)));
    writing = false;
    await reader;
    expect(contents.includes(await readFile(path, 'utf8'))).toBe(true);
    expect(seen.size).toBeGreaterThan(0);
    expect(await readdir(dir)).toEqual(['export.csv']);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('replaces a file that is there', async () => {
    const path = join(dir, 'config.json');
    await writeFile(path, 'old');
    await writeFileAtomically(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
  });

  it('leaves nothing behind when the write fails', async () => {
    await expect(writeFileAtomically(join(dir, 'missing-folder', 'file'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('createFileExclusively', () => {
  it('has exactly one winner among racing creators, whose content is whole, and refuses the rest with EEXIST', async () => {
    const path = join(dir, 'jwt-secret');
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => createFileExclusively(path, `secret-${index}\n`)));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'EEXIST' });
    }
    expect(await readFile(path, 'utf8')).toMatch(/^secret-\d+\n$/);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
  });

  it('keeps a file that is there', async () => {
    const path = join(dir, 'backup.tar.gz');
    await writeFile(path, 'first');
    await expect(createFileExclusively(path, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('first');
  });
});

describe('tryLock', () => {
  it('takes over a lock whose holder has died, and names the live holder of one it cannot take', async () => {
    const path = join(dir, 'server.json');
    await writeFile(path, `${deadPid()} earlier`);
    expect(await tryLock(path, `${process.pid} now`, pidOf)).toBeNull();
    expect(await readFile(path, 'utf8')).toBe(`${process.pid} now`);
    expect(await tryLock(path, `${process.pid} again`, pidOf)).toBe(`${process.pid} now`);
  });

  it('takes over a lock that names no holder', async () => {
    const path = join(dir, 'server.json');
    await writeFile(path, 'not a stamp');
    expect(await tryLock(path, `${process.pid} now`, pidOf)).toBeNull();
  });
});

describe('withFileLock', () => {
  it('lets one holder in at a time', async () => {
    const counter = join(dir, 'counter');
    await writeFile(counter, '0');
    let inside = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 20 }, () => withFileLock(join(dir, 'lock'), async () => {
      most = Math.max(most, ++inside);
      const value = Number(await readFile(counter, 'utf8'));
      await sleep(1);
      await writeFile(counter, String(value + 1));
      inside--;
    })));
    expect(await readFile(counter, 'utf8')).toBe('20');
    expect(most).toBe(1);
    expect(await readdir(dir)).toEqual(['counter']);
  });

  it('breaks a lock whose holder has died', async () => {
    await writeFile(join(dir, 'lock'), `${deadPid()} ${Date.now()} 0.5`);
    expect(await withFileLock(join(dir, 'lock'), async () => 'ran')).toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });

  it('releases the lock when the work fails', async () => {
    await expect(withFileLock(join(dir, 'lock'), async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('src/', () => {
  // The directories moved whole by rename: a directory cannot be linked or written in one step.
  const DIRECTORY_MOVES: Record<string, string> = {
    'src/server/db/pglite-template.ts': 'an unpacked database directory is renamed into place',
    'src/server/snapshot.ts': 'a restore moves the database directory aside, and back if the snapshot fails to load',
  };

  it('writes by rename or link only in src/fs/atomic-files.ts (and moves the directories listed here)', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = (await readdir(join(root, 'src'), { recursive: true })).filter((file) => file.endsWith('.ts')).map((file) => join('src', file));
    const writers: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      const imported = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'node:fs(?:\/promises)?'/g)].flatMap((match) => match[1]!.split(','));
      if (imported.some((name) => /^\s*(rename|link|symlink)(Sync)?\s*$/.test(name))) writers.push(file);
    }
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((file) => file !== join('src', 'fs', 'atomic-files.ts') && !(file in DIRECTORY_MOVES))).toEqual([]);
  });
});
