// `practice auth`: signing in and out of the active profile, and reading its session (summary in
// program.ts, which lists every noun).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { loginCommand } from './login.js';
import { logoutCommand } from './logout.js';
import { passwordCommand } from './password.js';
import { signupCommand } from './signup.js';
import { statusCommand } from './status.js';
import { tokenCommand } from './token.js';

export function authCommand(ctx: Context): Command {
  return new Command('auth')
    .addHelpText('before', `Examples:\n  $ practice auth status\n  $ practice auth login --email me@example.com\n  $ practice auth token   # the access token, for curl\n`)
    .addCommand(loginCommand(ctx))
    .addCommand(signupCommand(ctx))
    .addCommand(statusCommand(ctx))
    .addCommand(tokenCommand(ctx))
    .addCommand(logoutCommand(ctx))
    .addCommand(passwordCommand(ctx));
}
