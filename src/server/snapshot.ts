// Snapshots of the embedded store (DESIGN.md section 2: `practice server backup`). A snapshot is
// PGlite's own gzipped tar of its data files, taken between two requests: loading it replays the
// write-ahead log, as after a crash, so it holds every transaction committed before it and no other.
// A running server takes it (GET /admin/v1/backup, service key only); a stopped data dir is opened
// under the server lock to take it. A PostgreSQL store is the PostgreSQL server's to back up.
import { rename, rm, stat } from 'node:fs/promises';
import { pgliteDir } from '../local-service/data-dir.js';
import { acquireServerLock } from '../local-service/server-state.js';
import type { Database } from './db/database.js';
import type { PgliteDatabase } from './db/pglite.js';

export function isPglite(db: Database): db is PgliteDatabase {
  return db.kind === 'pglite';
}

export async function snapshotOf(db: PgliteDatabase): Promise<Buffer> {
  return Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
}

/** The snapshot of a data dir no server runs on; a DataDirLockedError if one does. */
export async function snapshotStoppedDataDir(dataDir: string): Promise<Buffer> {
  const lock = await acquireServerLock(dataDir, 'pglite');
  try {
    if (!(await exists(pgliteDir(dataDir)))) throw new Error(`There is no practice database in ${dataDir} to back up.`);
    const { openPglite } = await import('./db/pglite.js');
    const db = await openPglite({ dataDir: pgliteDir(dataDir) });
    try {
      return await snapshotOf(db);
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
}

/**
 * Makes `snapshot` the database of a data dir no server runs on. A database already there is moved
 * aside, never deleted, once `beforeReplacing` (under the lock) has let it: its new name is returned.
 */
export async function restoreSnapshot(dataDir: string, snapshot: Buffer, now: Date, beforeReplacing: () => Promise<void>): Promise<string | null> {
  const lock = await acquireServerLock(dataDir, 'pglite');
  try {
    const target = pgliteDir(dataDir);
    let movedTo: string | null = null;
    if (await exists(target)) {
      await beforeReplacing();
      movedTo = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      await rename(target, movedTo);
    }
    try {
      const { openPglite } = await import('./db/pglite.js');
      const db = await openPglite({ dataDir: target, loadDataDir: new Blob([snapshot]) });
      await db.close();
    } catch (err) {
      // A snapshot PGlite cannot load leaves the data dir as it found it.
      await rm(target, { recursive: true, force: true });
      if (movedTo) await rename(movedTo, target);
      throw err;
    }
    return movedTo;
  } finally {
    await lock.release();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}
