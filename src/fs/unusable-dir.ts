// A directory the CLI keeps its files in that the file system refuses (read-only, full, a file in its
// path): one error naming the directory and the cause, which the CLI turns into a message and a hint.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { existsSync, promises as fsp } from 'node:fs';
import { dirname } from 'node:path';

const CAUSES: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of its path is a file, not a directory',
};

/** `kind` config: the CLI's profiles and sessions; data: the local service's data dir. */
export class UnusableDirError extends Error {
  constructor(readonly dir: string, readonly kind: 'config' | 'data', readonly code: string) {
    super(`Cannot write to the ${kind} directory ${dir}: ${CAUSES[code]} (${code}).`);
    this.name = 'UnusableDirError';
  }
}

/** `err` as an UnusableDirError when the file system refused a file under `dir`; else `err` itself. */
export function unusableDir(err: unknown, dir: string, kind: UnusableDirError['kind']): unknown {
  if (err instanceof UnusableDirError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code && code in CAUSES ? new UnusableDirError(dir, kind, code) : err;
}

/**
 * The failure of creating `dir` and its parents, with its real cause: Node's recursive mkdir says
 * ENOENT where a parent is on a read-only file system, so the first missing part is created alone.
 */
export async function mkdirFailure(err: unknown, dir: string, kind: UnusableDirError['kind']): Promise<unknown> {
  if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return unusableDir(err, dir, kind);
  let missing = dir;
  while (dirname(missing) !== missing && !existsSync(dirname(missing))) missing = dirname(missing);
  return fsp.mkdir(missing).then(() => err, (cause: unknown) => unusableDir(cause, dir, kind));
}
