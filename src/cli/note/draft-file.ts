// Where typed note text waits until the service has it: the editor writes into a draft file, and
// answers to the prompts are saved in one, under $XDG_STATE_HOME/practice/drafts (mode 0600). A write
// that succeeds removes it; one that fails keeps it and says how to send it again (--draft <file>).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

function draftsDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'practice', 'drafts');
}

/** A new draft file holding `text`, named by the time so a list of drafts reads in order. */
export async function newDraftFile(ctx: Context, text: string): Promise<string> {
  const dir = draftsDir(ctx.env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = ctx.now().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `note-${stamp}-${Buffer.from(crypto.getRandomValues(new Uint8Array(3))).toString('hex')}.md`);
  await writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/** The text of a --draft file; a usage error when it cannot be read. */
export async function readDraftFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--draft: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}

/**
 * Runs `write`, the request that stores a note read from `file` (null: the note was not typed, so
 * there is nothing to keep). Success removes the file; a failure keeps it and prints `again(file)`.
 */
export async function keepingDraft<T>(ctx: Context, file: string | null, again: (file: string) => string, write: () => Promise<T>): Promise<T> {
  if (file === null) return write();
  let result: T;
  try {
    result = await write();
  } catch (error) {
    ctx.out.note(`The note is kept in ${file}. To write it once the cause is fixed (add --edit to change it first):\n  ${again(shellWord(file))}`);
    throw error;
  }
  await rm(file, { force: true });
  return result;
}

const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);
