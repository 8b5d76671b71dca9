// One server per data dir: `server.json` is both the lock (created exclusively, naming the holder's
// pid) and what `server status|stop` and the CLI's local profile read to find the running server.
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../fs/process-alive.js';

export interface ServerState {
  pid: number;
  /** Null while the server is still starting. */
  url: string | null;
  store: 'pglite' | 'postgres';
  dataDir: string;
  startedAt: string;
}

export interface ServerLock {
  /** Records the listening URL once the server answers. */
  publish(url: string): Promise<void>;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(readonly holder: ServerState) {
    super(`Another practice server (pid ${holder.pid}) is already using the data dir ${holder.dataDir}.`);
    this.name = 'DataDirLockedError';
  }
}

const statePath = (dataDir: string) => join(dataDir, 'server.json');

async function readStateFile(dataDir: string): Promise<ServerState | null> {
  try {
    return JSON.parse(await readFile(statePath(dataDir), 'utf8')) as ServerState;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A half-written file (crash mid-write) counts as absent, so a stale lock never wedges the dir.
    if (code === 'ENOENT' || err instanceof SyntaxError) return null;
    throw err;
  }
}

/** The running server of a data dir, or null; a state file left by a dead process is removed. */
export async function readServerState(dataDir: string): Promise<ServerState | null> {
  const state = await readStateFile(dataDir);
  if (state && isProcessAlive(state.pid)) return state;
  if (state) await unlink(statePath(dataDir)).catch(() => {});
  return null;
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, path);
}

/**
 * Creates `path` holding `content` in one step (written to a file of our own, then hard-linked to the
 * name, which fails if it exists): a lock created empty and written after would, for a moment, look
 * like one with no holder.
 */
async function createWithContent(path: string, content: string): Promise<void> {
  const own = `${path}.${process.pid}.new`;
  await writeFile(own, content, { mode: 0o600 });
  try {
    await link(own, path);
  } finally {
    await unlink(own).catch(() => {});
  }
}

export async function acquireServerLock(dataDir: string, store: ServerState['store']): Promise<ServerLock> {
  const state: ServerState = { pid: process.pid, url: null, store, dataDir, startedAt: new Date().toISOString() };
  const path = statePath(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      await createWithContent(path, JSON.stringify(state));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const holder = await readStateFile(dataDir);
        if (holder) throw new DataDirLockedError(holder);
        throw err;
      }
      const holder = await readServerState(dataDir);
      if (holder) throw new DataDirLockedError(holder);
    }
  }
  return {
    async publish(url) {
      state.url = url;
      await writeAtomically(path, JSON.stringify(state));
    },
    async release() {
      const current = await readStateFile(dataDir);
      if (current?.pid === process.pid) await unlink(path).catch(() => {});
    },
  };
}
