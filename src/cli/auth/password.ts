// `practice auth password`: changes the signed-in account's password (PUT /auth/v1/user, as
// supabase-js's updateUser does), asked for twice at a prompt or read from stdin. The service
// signs every other session out; this one stays signed in.
import { Command } from 'commander';
import { unaskable } from '../../core/prompt.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { readStdin } from './credentials.js';

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
    .option('--password-stdin', 'read the new password from stdin instead of asking')
    .option('--json', 'print the account (id, email, updated_at) as JSON')
    .addHelpText('before', `Examples:
  $ practice auth password
  $ printf '%s' "$NEW_PASSWORD" | practice auth password --password-stdin
  $ practice auth password --profile clinic --json
`)
    .action((options: PasswordOptions) => runPassword(options, ctx));
}

async function readNewPassword(options: PasswordOptions, ctx: Context): Promise<string> {
  if (options.passwordStdin) {
    const password = await readStdin(ctx);
    if (password === '') throw new UsageError('--password-stdin read an empty password.', 'Pipe the new password in: printf "%s" "$NEW_PASSWORD" | practice auth password --password-stdin');
    return password;
  }
  if (ctx.silence !== null) throw new UsageError(`No new password given, and it cannot be asked ${unaskable(ctx.silence)}.`, 'Pipe it in with --password-stdin.');
  const password = await ctx.prompt.password('New password', { flag: '--password-stdin' });
  if ((await ctx.prompt.password('New password again', { flag: '--password-stdin' })) !== password) {
    throw new UsageError('The two passwords differ; nothing was changed.');
  }
  return password;
}

async function runPassword(options: PasswordOptions, ctx: Context): Promise<void> {
  const password = await readNewPassword(options, ctx);
  const { api, profile } = await ctx.connection();
  const change = api.request({ method: 'PUT', path: '/auth/v1/user', body: { password } });
  const weak = hintOnRefusal(change, { status: 422, code: 'weak_password' }, 'Choose a stronger password: the message says what it lacks. Nothing was changed.');
  const response = await hintOnRefusal(weak, { status: 422, code: 'same_password' }, 'Choose a password that differs from the current one; nothing was changed.');
  const user = response.json<UpdatedUser>();
  if (options.json) {
    ctx.out.json({ id: user.id, email: user.email, updated_at: user.updated_at });
    return;
  }
  ctx.out.success(`Changed the password of ${user.email ?? user.id} on profile ${profile.name}. Other sessions were signed out; this one stays signed in.`);
}
