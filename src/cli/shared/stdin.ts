// All of the command's stdin, read once: an import's `-`, a piped password, `api --input -`, a note as JSON.
// One home, so each reader only decides what the bytes mean.
import type { Context } from '../context.js';

export async function readStdinBytes(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function readStdinText(ctx: Context): Promise<string> {
  return (await readStdinBytes(ctx)).toString('utf8');
}
