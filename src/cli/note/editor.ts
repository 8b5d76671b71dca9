// $EDITOR on a file, at the user's terminal even when the command's own streams are not one:
// inside `id=$(practice note add --edit)` stdout is a pipe, so the editor gets /dev/tty instead.
import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';

const TERMINAL = '/dev/tty';

/** Refuses --edit, before anything is asked or sent, when there is no terminal for the editor. */
export function checkEditorTerminal(ctx: Context): void {
  if (ownTerminal(ctx)) return;
  closeSync(openTerminal());
}

/** Runs the editor on `file` and waits for it; a failure when it exits with another code than 0. */
export async function runEditor(ctx: Context, file: string): Promise<void> {
  const editor = ctx.env.VISUAL || ctx.env.EDITOR || 'vi';
  const terminal = ownTerminal(ctx) ? null : openTerminal();
  const stdio: StdioOptions = terminal === null ? 'inherit' : [terminal, terminal, ctx.io.stderr.isTTY ? 'inherit' : terminal];
  try {
    // Through the shell, as git does, so EDITOR may carry arguments (`code --wait`).
    const code = await new Promise<number | null>((resolve, reject) => {
      spawn(`${editor} "${file}"`, { shell: true, stdio, env: ctx.env }).once('error', reject).once('exit', resolve);
    });
    if (code !== 0) throw new CommandError(`The editor (${editor}) exited with code ${code}; the note was not saved.`);
  } finally {
    if (terminal !== null) closeSync(terminal);
  }
}

const ownTerminal = (ctx: Context) => Boolean(ctx.io.stdin.isTTY && ctx.io.stdout.isTTY);

function openTerminal(): number {
  try {
    return openSync(TERMINAL, 'r+');
  } catch {
    throw new UsageError('--edit needs a terminal for the editor, and this command has none.', 'Give the note with -S, -O, -A, -P, --draft <file>, or JSON on stdin.');
  }
}
