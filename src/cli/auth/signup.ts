// `practice auth signup`: creates an account on the profile's project and signs it in (or says to
// confirm the email first when the project requires it).
import { Command } from 'commander';
import { storedSession } from '../../core/auth-api.js';
import type { Context } from '../context.js';
import { type CredentialFlags, readCredentials } from './credentials.js';

export function signupCommand(ctx: Context): Command {
  return new Command('signup')
    .description('Create an account on the active profile (or --profile) and sign in to it')
    .option('--email <address>', 'the account email (asked for when absent)')
    .option('--password-stdin', 'read the password from stdin')
    .addHelpText('before', `Examples:
  $ practice auth signup
  $ printf '%s' "$PASSWORD" | practice auth signup --email ann@example.com --password-stdin
`)
    .action((options: CredentialFlags) => runSignup(options, ctx));
}

async function runSignup(options: CredentialFlags, ctx: Context): Promise<void> {
  const credentials = await readCredentials(options, ctx, true);
  const { auth, session, profile } = await ctx.connection();
  const created = await auth.signUp(credentials.email, credentials.password);
  if (!created) {
    ctx.out.note(`Created ${credentials.email}. Confirm it from the email the project sent, then run \`practice auth login\`.`);
    return;
  }
  await session.save(storedSession(created, ctx.now()));
  ctx.out.success(`Created ${credentials.email} and signed in to profile ${profile.name}.`);
}
