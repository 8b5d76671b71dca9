// A lock between processes of one user: a file created exclusively, naming its holder's pid. A lock
// whose holder has died is broken, so a killed process never wedges the CLI.
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../fs/process-alive.js';
import { LockTimeoutError } from './errors.js';

const POLL_MS = 25;
let attempts = 0;
// Longer than the longest thing done under a lock (a refresh: one request with its retries).
const WAIT_MS = 120_000;

/**
 * Creates the lock with its stamp in one step: the stamp is written to a file of our own, which is
 * then hard-linked to the lock's name (fails if it exists). A lock created empty and written after
 * would, for a moment, look like one whose holder is unknown, and be broken by a waiter.
 */
async function tryCreate(path: string, stamp: string): Promise<boolean> {
  const own = `${path}.${process.pid}.${++attempts}`;
  await writeFile(own, stamp, { mode: 0o600 });
  try {
    await link(own, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(own).catch(() => {});
  }
}

/** Runs `work` while holding the lock file at `path`; waits while another live process holds it. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const stamp = `${process.pid} ${Date.now()} ${Math.random()}`;
  const deadline = Date.now() + WAIT_MS;
  while (!(await tryCreate(path, stamp))) {
    const holder = await readFile(path, 'utf8').catch(() => null);
    const pid = Number(holder?.split(' ')[0]);
    if (holder !== null && !(pid > 0 && isProcessAlive(pid))) {
      // Break it only if it is still the dead holder's: another waiter may have broken it already.
      if ((await readFile(path, 'utf8').catch(() => null)) === holder) await unlink(path).catch(() => {});
      continue;
    }
    if (Date.now() > deadline) {
      throw new LockTimeoutError(path, pid);
    }
    await sleep(POLL_MS + Math.random() * POLL_MS);
  }
  try {
    return await work();
  } finally {
    if ((await readFile(path, 'utf8').catch(() => null)) === stamp) await unlink(path).catch(() => {});
  }
}
