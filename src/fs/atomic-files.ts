// The one place that puts files in place: an atomic replace, an exclusive create, and the lock file a
// process holds and a dead process loses. Every file is written under a name of its own first, so its
// real name only ever holds a whole file; src/ writes by rename or link nowhere else.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './process-alive.js';

export interface PutOptions {
  /** Default 0600: config, secrets, records and backups are the user's alone. */
  mode?: number;
  /** Flush to disk before the name appears (default); a lock file, gone with its process, need not be. */
  durable?: boolean;
}

/**
 * Writes `content` beside `path` (a rename or link is atomic only within one file system), then puts it
 * in place: `rename` replaces what is there, `link` fails with EEXIST if the name is taken.
 */
async function putInPlace(path: string, content: string | Uint8Array, how: 'rename' | 'link', options: PutOptions): Promise<void> {
  const { mode = 0o600, durable = true } = options;
  // Math.random, not node:crypto, which the CLI would otherwise load at every start for this alone.
  const own = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    const file = await fsp.open(own, 'wx', mode);
    try {
      // The mode asked for, not what the umask leaves of it: 0600 stays 0600 under umask 0000.
      await file.chmod(mode);
      await file.writeFile(content);
      if (durable) await file.sync();
    } finally {
      await file.close();
    }
    await (how === 'rename' ? fsp.rename(own, path) : fsp.link(own, path));
  } finally {
    // After a rename nothing is left to remove; after a link, or a failure, the own name goes.
    await fsp.rm(own, { force: true });
  }
}

/** Replaces `path` with `content`: a reader sees the old file or the whole new one, never half of one. */
export function writeFileAtomically(path: string, content: string | Uint8Array, options: PutOptions = {}): Promise<void> {
  return putInPlace(path, content, 'rename', options);
}

/**
 * Creates `path` holding `content` in one step; fails with EEXIST if it exists. A file created empty
 * and written after would, for a moment, be seen empty: a lock with no holder, a secret of no bytes.
 */
export function createFileExclusively(path: string, content: string | Uint8Array, options: PutOptions = {}): Promise<void> {
  return putInPlace(path, content, 'link', options);
}

async function readOrNull(path: string): Promise<string | null> {
  return fsp.readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
}

/**
 * Creates the lock file `path` holding `content`, which names its holder's pid (`holderPid` reads it
 * back; null when it cannot). A lock whose holder has died is taken over, so a killed process never
 * wedges the next one. Returns null once the lock is ours, else the content of the live holder's.
 */
export async function tryLock(path: string, content: string, holderPid: (content: string) => number | null): Promise<string | null> {
  for (;;) {
    try {
      await createFileExclusively(path, content, { durable: false });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await readOrNull(path);
    if (holder === null) continue; // released meanwhile
    const pid = holderPid(holder);
    if (pid !== null && pid > 0 && isProcessAlive(pid)) return holder;
    // Removed only if it is still the dead holder's: another waiter may have taken it over already.
    if ((await readOrNull(path)) === holder) await fsp.rm(path, { force: true });
  }
}

/** Removes the lock file at `path` if it still holds `content`, i.e. if it is still ours. */
export async function releaseLock(path: string, content: string): Promise<void> {
  if ((await readOrNull(path)) === content) await fsp.rm(path, { force: true });
}

/** A lock stayed held by a live process for longer than a caller waits. */
export class LockTimeoutError extends Error {
  constructor(readonly path: string, readonly holderPid: number) {
    super(`Timed out waiting for ${path}, held by process ${holderPid}.`);
    this.name = 'LockTimeoutError';
  }
}

const POLL_MS = 25;
// Longer than the longest thing done under a lock (a session refresh: one request with its retries).
const WAIT_MS = 120_000;

const stampPid = (stamp: string) => Number(stamp.split(' ')[0]) || null;

/** Runs `work` while holding the lock file at `path`; waits while another live process holds it. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  // The pid names the holder; the rest tells this holding apart from any other of the same process.
  const stamp = `${process.pid} ${Date.now()} ${Math.random()}`;
  const deadline = Date.now() + WAIT_MS;
  for (let holder = await tryLock(path, stamp, stampPid); holder !== null; holder = await tryLock(path, stamp, stampPid)) {
    if (Date.now() > deadline) throw new LockTimeoutError(path, stampPid(holder) ?? 0);
    await sleep(POLL_MS + Math.random() * POLL_MS);
  }
  try {
    return await work();
  } finally {
    await releaseLock(path, stamp);
  }
}
