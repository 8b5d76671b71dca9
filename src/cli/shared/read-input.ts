// The file an import reads: a path, or `-` for stdin (`gunzip -c backup.json.gz | practice import -`).
// A file that cannot be read is a usage error: nothing has been sent.
import { readFile } from 'node:fs/promises';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

export async function readInput(ctx: Context, file: string): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.io.stdin) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}
