// The lock between processes: holders never overlap, a lock left by a dead process is broken, and
// nothing is left behind.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/core/file-lock.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'practice-lock-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await writeFile(join(dir, 'lock'), `${dead} ${Date.now()} 0.5`);
    expect(await withFileLock(join(dir, 'lock'), async () => 'ran')).toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });

  it('releases the lock when the work fails', async () => {
    await expect(withFileLock(join(dir, 'lock'), async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
  });
});
