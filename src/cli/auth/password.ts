// `practice auth password`: changes the signed-in account's password (PUT /auth/v1/user, as
// supabase-js's updateUser does), asked for twice at a prompt or read from stdin. The service wants
// the current password too unless the sign-in is a few minutes old: a prompt asks for it, a pipe
// relies on a fresh `auth login`. The service signs every other session out; this one stays signed in.
import { Command } from 'commander';
import { unaskable } from '../../core/prompt.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { readPipedPassword } from './credentials.js';

interface PasswordOptions {
  passwordStdin?: boolean;
  json?: boolean;
}

interface UpdatedUser {
  id: string;
  email: string | null;
  updated_at: string;
}

export function passwordCommand(ctx: Context): Command {
  return new Command('password')
    .description("Change the signed-in account's password (other sessions are signed out)")
    .option('--password-stdin', 'read the new password from stdin instead of asking (needs a sign-in within 5 minutes)')
    .option('--json', 'print the account (id, email, updated_at) as JSON')
    .addHelpText('before', `Examples:
  $ practice auth password
  $ printf '%s' "$NEW_PASSWORD" | practice auth password --password-stdin
  $ practice auth password --profile clinic --json
`)
    .addHelpText('after', `
At a terminal it asks for the current password, then the new one twice. With --password-stdin no
current password is sent, which the service accepts within 5 minutes of signing in: run
\`practice auth login\` first.`)
    .action((options: PasswordOptions) => runPassword(options, ctx));
}

/** What PUT /auth/v1/user is sent: the new password, and the current one when it was asked for. */
interface PasswordChange {
  password: string;
  current_password?: string;
}

async function readPasswords(options: PasswordOptions, ctx: Context): Promise<PasswordChange> {
  if (options.passwordStdin) {
    const password = await readPipedPassword(ctx);
    if (password === '') throw new UsageError('--password-stdin read an empty password.', 'Pipe the new password in: printf "%s" "$NEW_PASSWORD" | practice auth password --password-stdin');
    return { password };
  }
  if (ctx.silence !== null) throw new UsageError(`No new password given, and it cannot be asked ${unaskable(ctx.silence)}.`, 'Pipe it in with --password-stdin.');
  const current = await ctx.prompt.password('Current password', { flag: '--password-stdin' });
  const password = await ctx.prompt.password('New password', { flag: '--password-stdin' });
  if ((await ctx.prompt.password('New password again', { flag: '--password-stdin' })) !== password) {
    throw new UsageError('The two passwords differ; nothing was changed.');
  }
  return { password, current_password: current };
}

async function runPassword(options: PasswordOptions, ctx: Context): Promise<void> {
  const body = await readPasswords(options, ctx);
  const { api, profile } = await ctx.connection();
  const hints: Array<[status: number, code: string, hint: string]> = [
    [422, 'weak_password', 'Choose a stronger password: the message says what it lacks. Nothing was changed.'],
    [422, 'same_password', 'Choose a password that differs from the current one; nothing was changed.'],
    [400, 'current_password_invalid', 'The current password is not right; nothing was changed.'],
    [400, 'current_password_required', `The sign-in is more than 5 minutes old and a piped password comes without the current one. Sign in again (practice auth login) and change it within 5 minutes, or run practice auth password at a terminal to be asked the current password. Nothing was changed.`],
  ];
  const response = await hints.reduce(
    (change, [status, code, hint]) => hintOnRefusal(change, { status, code }, hint),
    api.request({ method: 'PUT', path: '/auth/v1/user', body }),
  );
  const user = response.json<UpdatedUser>();
  if (options.json) {
    ctx.out.json({ id: user.id, email: user.email, updated_at: user.updated_at });
    return;
  }
  ctx.out.success(`Changed the password of ${user.email ?? user.id} on profile ${profile.name}. Other sessions were signed out; this one stays signed in.`);
}
