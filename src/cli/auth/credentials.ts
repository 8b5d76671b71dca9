// Email and password for `auth login` and `auth signup`: from flags, from stdin (--password-stdin,
// so a password never sits on a command line), or asked for at the terminal.
import type { Context } from '../context.js';
import { unaskable } from '../../core/prompt.js';
import { UsageError } from '../errors.js';
import { readStdinText } from '../shared/stdin.js';

export interface CredentialFlags {
  email?: string;
  passwordStdin?: boolean;
}

export async function readPipedPassword(ctx: Context): Promise<string> {
  // Only the line break `echo` adds is dropped; other whitespace may belong to the password.
  return (await readStdinText(ctx)).replace(/\r?\n$/, '');
}

/** Reads both before anything is sent, so a missing one is a usage error (exit 2) with nothing sent. */
export async function readCredentials(flags: CredentialFlags, ctx: Context, confirm = false): Promise<{ email: string; password: string }> {
  if (ctx.silence !== null) {
    const why = unaskable(ctx.silence);
    if (!flags.email) throw new UsageError(`No email address given, and it cannot be asked ${why}.`, 'Pass --email (and --password-stdin).');
    if (!flags.passwordStdin) throw new UsageError(`No password given, and it cannot be asked ${why}.`, 'Pipe it in with --password-stdin.');
  }
  const email = flags.email ?? (await ctx.prompt.text('Email', { flag: '--email' }));
  if (flags.passwordStdin) {
    const password = await readPipedPassword(ctx);
    if (password === '') throw new UsageError('--password-stdin read an empty password.');
    return { email, password };
  }
  const password = await ctx.prompt.password('Password', { flag: '--password-stdin' });
  if (confirm && (await ctx.prompt.password('Password again', { flag: '--password-stdin' })) !== password) {
    throw new UsageError('The two passwords differ.');
  }
  return { email, password };
}
