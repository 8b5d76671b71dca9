// Where an export or a backup goes: stdout, or a file written atomically (src/fs/atomic-files.ts), so
// a cron job's reader sees the old file or the whole new one, never half of one.
import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { createFileExclusively, writeFileAtomically } from '../../fs/atomic-files.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';

/** Writes `content` to `path`, its folders made first; with `replace: false` a file there stays (EEXIST). */
async function writeAtomically(path: string, content: string | Uint8Array, { replace = true } = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await (replace ? writeFileAtomically : createFileExclusively)(path, content);
}

/** A moment as file names carry it, to the second and without colons: 2026-11-22T214005Z. */
export function fileStamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

/**
 * `--output DIR` names a directory that exists, or one to create when it ends with `/`
 * (`--output ~/backups/`); the file inside it is named by `fileName`.
 */
async function outputPath(output: string, fileName: () => string): Promise<string> {
  const info = await stat(output).catch(() => null);
  return info?.isDirectory() || output.endsWith(sep) ? join(output, fileName()) : output;
}

/** Where `emit` writes, and whether a file already there under the chosen name is replaced. */
export interface Destination {
  output: string | undefined;
  /** The name of the file in a directory `output` names. */
  fileName: () => string;
  /**
   * false: in a directory, a name already taken gets a number (`practice-…-2.tar.gz`), so no earlier
   * file is lost (backups). A file the user named is always replaced.
   */
  replaceInDirectory?: boolean;
}

/** Prints `content` to stdout, or writes it atomically where `to` says and says where it went (stderr). */
export async function emit(ctx: Context, content: string | Uint8Array, to: Destination, what: string): Promise<void> {
  if (to.output === undefined || to.output === '-') {
    ctx.io.stdout.write(content);
    return;
  }
  const path = await outputPath(to.output, to.fileName);
  let written: string;
  try {
    written = path === to.output || to.replaceInDirectory !== false
      ? await writeAtomically(path, content).then(() => path)
      : await writeNumbered(path, content);
  } catch (err) {
    throw unwritable(path, err as NodeJS.ErrnoException);
  }
  ctx.out.success(`Wrote ${what} to ${written}`);
}

// The file system's refusals, in the words of the person who must fix them.
const WHY_UNWRITABLE: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'a file stands where a folder of the path should be',
  ENOTDIR: 'a file stands where a folder of the path should be',
  EISDIR: 'that is a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
};

/** A file system's refusal (no permission, no space, a file where a folder should be) as the user's to fix. */
export function unwritable(path: string, err: NodeJS.ErrnoException): Error {
  const why = err.code === undefined ? undefined : WHY_UNWRITABLE[err.code];
  if (why === undefined) return err;
  return new CommandError(`Cannot write ${path}: ${why}; nothing was written.`, 'Choose another --output, or make room or permission for this one.');
}

/** Writes to `path`, or if it is taken to `name-2.ext`, `name-3.ext`, …; returns the path written. */
async function writeNumbered(path: string, content: string | Uint8Array): Promise<string> {
  const name = basename(path);
  const dot = name.indexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let number = 1; ; number++) {
    const candidate = number === 1 ? path : join(dirname(path), `${stem}-${number}${extension}`);
    try {
      await writeAtomically(candidate, content, { replace: false });
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
