// The file an import reads: a path, or `-` for stdin (`gunzip -c backup.json.gz | practice import -`).
// A file that cannot be read is a usage error: nothing has been sent.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readStdinText } from './stdin.js';

export async function readInput(ctx: Context, file: string): Promise<string> {
  if (file === '-') return readStdinText(ctx);
  try {
    return await fsp.readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}
