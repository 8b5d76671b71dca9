// Where an export or a backup goes: stdout, or a file written atomically (a temporary file in the same directory,
// then a rename), so a cron job's reader sees the old file or the whole new one, never half of one.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { Context } from '../context.js';

/** Writes `content` to `path` so the name only ever holds a complete file: write, flush, then rename. */
export async function writeAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  // In the same directory, because a rename is atomic only within one file system.
  const temporary = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * `--output DIR` names a directory that exists, or one to create when it ends with `/`
 * (`--output ~/backups/`); the file inside it is named by `fileName`.
 */
export async function outputPath(output: string, fileName: () => string): Promise<string> {
  const info = await stat(output).catch(() => null);
  return info?.isDirectory() || output.endsWith(sep) ? join(output, fileName()) : output;
}

/** Prints `content` to stdout, or writes it atomically to `output` and says where it went (stderr). */
export async function emit(ctx: Context, content: string | Uint8Array, output: string | undefined, fileName: () => string, what: string): Promise<void> {
  if (output === undefined || output === '-') {
    ctx.io.stdout.write(content);
    return;
  }
  const path = await outputPath(output, fileName);
  await writeAtomically(path, content);
  ctx.out.success(`Wrote ${what} to ${path}`);
}
