// A practice's records on disk are their owner's alone, whatever the umask: files 0600, folders 0700.
// Files written here get their mode explicitly (atomic-files.ts), the server runs under umask 0077
// (cli/server/start.ts), and this covers what PGlite writes with modes of its own.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes every file under `root` 0600 and every folder 0700. PGlite sets 0666 on each file it unpacks
 * (initdb, a restored snapshot) and 0644 on a few it rewrites at each start, whatever the umask.
 * Synchronous: one call per path, ~1,000 of them in a data dir, which the promise API made ten times
 * slower; it runs before the server listens.
 */
export function makePrivate(root: string): void {
  const info = lstatSync(root);
  if (info.isSymbolicLink()) return;
  const mode = info.isDirectory() ? 0o700 : 0o600;
  if ((info.mode & 0o7777) !== mode) chmodSync(root, mode);
  if (info.isDirectory()) for (const name of readdirSync(root)) makePrivate(join(root, name));
}
