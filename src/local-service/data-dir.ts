// Where the embedded service keeps its files: the PGlite database, the JWT secret, the running
// server's state and its log. Default $XDG_DATA_HOME/practice (~/.local/share/practice).
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

function defaultDataDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share');
  return join(base, 'practice');
}

export function resolveDataDir(dataDir: string | undefined, env: NodeJS.ProcessEnv): string {
  return dataDir ? resolve(dataDir) : defaultDataDir(env);
}

/** Creates the data dir readable by its owner only: it holds the secret and the practice's records. */
export async function ensureDataDir(dataDir: string): Promise<void> {
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
}

export const serverLogPath = (dataDir: string) => join(dataDir, 'server.log');

/** The embedded database's own folder in the data dir (beside the secret and the server's state). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** The embedded database's schema cache rows, kept between starts (server/db/schema-snapshot.ts). */
export const schemaSnapshotPath = (dataDir: string) => join(dataDir, 'schema-cache.json');
