// Where an export or a backup goes: stdout, or a file written atomically (src/fs/atomic-files.ts), so
// a cron job's reader sees the old file or the whole new one, never half of one. A backup or a full
// export is its owner's alone (0600) whatever the umask; a file meant to be published (the day sheet
// for a web server) keeps the mode of the file it replaces. A folder that does not exist is refused,
// naming it, as curl does without --create-dirs: a mistyped path must not grow a tree of folders.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { createFileExclusively, writeFileAtomically } from '../../fs/atomic-files.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';

interface WriteOptions {
  /** false: a file there stays (EEXIST). */
  replace?: boolean;
  published?: Published | undefined;
}

/** Writes `content` to `path`, in a folder that exists. */
async function writeAtomically(path: string, content: string | Uint8Array, { replace = true, published }: WriteOptions = {}): Promise<void> {
  const mode = published ? published.mode ?? (await fsp.stat(path).catch(() => null))?.mode ?? PUBLISHED_MODE : 0o600;
  await (replace ? writeFileAtomically : createFileExclusively)(path, content, { mode: mode & 0o777 });
}

/** A new published file's mode: readable by a web server, writable by its owner. */
const PUBLISHED_MODE = 0o644;

/** A file meant for others to read: the mode it gets, else that of the file it replaces, else 0644. */
interface Published {
  mode?: number | undefined;
}

/** `--mode` as given: three octal digits, with or without a leading 0 or 0o. */
export function parseMode(text: string): number {
  const digits = /^(?:0o?)?([0-7]{3})$/i.exec(text.trim())?.[1];
  if (digits === undefined) throw new InvalidArgumentError('expected an octal mode like 644 or 0640.');
  return parseInt(digits, 8);
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
  const info = await fsp.stat(output).catch(() => null);
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
  /** Absent: the file is private (0600). */
  published?: Published | undefined;
}

/** Prints `content` to stdout, or writes it atomically where `to` says and says where it went (stderr); returns that path. */
export async function emit(ctx: Context, content: string | Uint8Array, to: Destination, what: string): Promise<string | undefined> {
  if (to.output === undefined || to.output === '-') {
    ctx.io.stdout.write(content);
    return undefined;
  }
  const path = await outputPath(to.output, to.fileName);
  await refuseMissingFolder(path);
  let written: string;
  try {
    written = path === to.output || to.replaceInDirectory !== false
      ? await writeAtomically(path, content, { published: to.published }).then(() => path)
      : await writeNumbered(path, content);
  } catch (err) {
    throw unwritable(path, err as NodeJS.ErrnoException);
  }
  ctx.out.success(`Wrote ${what} to ${written}`);
  return written;
}

/** The folder `path` goes into must be there: its name and how to make it, and nothing written. */
async function refuseMissingFolder(path: string): Promise<void> {
  const folder = dirname(path);
  const info = await fsp.stat(folder).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : undefined));
  if (info !== null) return;
  throw new CommandError(`Cannot write ${path}: the folder ${folder} does not exist; nothing was written.`, `Create it first (\`mkdir -p ${folder}\`), or choose another --output.`);
}

// The file system's refusals, in the words of the person who must fix them.
const WHY_UNWRITABLE: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'a file stands where a folder of the path should be',
  ENOTDIR: 'a file stands where a folder of the path should be',
  EISDIR: 'that is a folder',
  ENOENT: 'a folder of the path does not exist',
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
