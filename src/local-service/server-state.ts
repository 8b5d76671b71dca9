// One server per data dir: `server.json` is both the lock (created exclusively, naming the holder's
// pid) and what `server status|stop` and the CLI's local profile read to find the running server.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { releaseLock, tryLock, writeFileAtomically } from '../fs/atomic-files.js';
import { isProcessAlive } from '../fs/process-alive.js';
import { unusableDir } from '../fs/unusable-dir.js';

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
    return JSON.parse(await fsp.readFile(statePath(dataDir), 'utf8')) as ServerState;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A half-written file (crash mid-write) counts as absent, so a stale lock never wedges the dir.
    if (code === 'ENOENT' || err instanceof SyntaxError) return null;
    throw unusableDir(err, dataDir, 'data');
  }
}

/** The running server of a data dir, or null; a state file left by a dead process is removed. */
export async function readServerState(dataDir: string): Promise<ServerState | null> {
  const state = await readStateFile(dataDir);
  if (state && isProcessAlive(state.pid)) return state;
  if (state) await fsp.unlink(statePath(dataDir)).catch(() => {});
  return null;
}

/** The pid a state file names; null for a file that is not a state (it counts as no holder). */
function holderPid(text: string): number | null {
  try {
    return (JSON.parse(text) as ServerState).pid ?? null;
  } catch {
    return null;
  }
}

export async function acquireServerLock(dataDir: string, store: ServerState['store']): Promise<ServerLock> {
  const state: ServerState = { pid: process.pid, url: null, store, dataDir, startedAt: new Date().toISOString() };
  const path = statePath(dataDir);
  let content = JSON.stringify(state);
  const holder = await tryLock(path, content, holderPid);
  if (holder !== null) throw new DataDirLockedError(JSON.parse(holder) as ServerState);
  return {
    async publish(url) {
      state.url = url;
      content = JSON.stringify(state);
      await writeFileAtomically(path, content, { durable: false });
    },
    release: () => releaseLock(path, content),
  };
}
