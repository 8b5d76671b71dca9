// `practice auth login`: signs the profile in with email and password (prompted, or --password-stdin),
// or keeps a supplied access token (--token / PRACTICE_TOKEN, with --anon-key for a new project). On
// the local profile, without --email, it signs the local therapist in from the data dir's copy of its
// password: how the local profile comes back after its config was lost.
import { Command, Option } from 'commander';
import { storedSession } from '../../core/auth-api.js';
import { chooseProfile, LOCAL_PROFILE } from '../../core/profiles.js';
import { jwtClaims } from '../../core/session.js';
import type { Context } from '../context.js';
import { localTime } from '../shared/local-time.js';
import { UsageError } from '../errors.js';
import { type CredentialFlags, readCredentials } from './credentials.js';

interface LoginOptions extends CredentialFlags {
  token?: string;
  anonKey?: string;
}

export function loginCommand(ctx: Context): Command {
  return new Command('login')
    .description('Sign in to the active profile (or --profile)')
    .option('--email <address>', 'the account email (asked for when absent)')
    .option('--password-stdin', 'read the password from stdin')
    .addOption(new Option('--token <jwt>', 'keep this access token instead of signing in (it is not renewed)').env('PRACTICE_TOKEN'))
    .option('--anon-key <key>', "the project's anon key, saved to the profile")
    .addHelpText('before', `Examples:
  $ practice auth login
  $ echo "$PASSWORD" | practice auth login --email ann@example.com --password-stdin
  $ practice auth login --profile clinic --token "$ACCESS_TOKEN" --anon-key "$ANON_KEY"
  $ practice auth login --profile local    # the local therapist again, e.g. after the config was deleted
`)
    .action((options: LoginOptions) => runLogin(options, ctx));
}

async function runLogin(options: LoginOptions, ctx: Context): Promise<void> {
  if (options.token && (options.email || options.passwordStdin)) throw new UsageError('--token and --email/--password-stdin exclude each other.');
  if (options.anonKey) await saveAnonKey(options.anonKey, ctx);
  if (options.token) return keepToken(options.token, ctx);
  if (!options.email && !options.passwordStdin && (await onLocalProfile(ctx))) return signInLocalTherapist(ctx);
  const credentials = await readCredentials(options, ctx);
  const { auth, session, profile } = await ctx.connection();
  await session.save(storedSession(await auth.signIn(credentials.email, credentials.password), ctx.now()));
  ctx.out.success(`Signed in to profile ${profile.name} as ${credentials.email}.`);
}

async function onLocalProfile(ctx: Context): Promise<boolean> {
  return !ctx.env.PRACTICE_URL && chooseProfile(await ctx.config().read(), ctx.options.profile, ctx.env).name === LOCAL_PROFILE;
}

/** A fresh session of the local therapist, by the profile's own sign-in (the password the CLI and the data dir keep). */
async function signInLocalTherapist(ctx: Context): Promise<void> {
  const { session, profile } = await ctx.connection();
  await session.forget();
  await session.accessToken();
  const email = (await session.stored())?.user.email;
  ctx.out.success(`Signed in to profile ${profile.name} as ${email}, the local therapist.`);
}

async function keepToken(token: string, ctx: Context): Promise<void> {
  const { auth, session, profile } = await ctx.connection();
  // Asking the server who the token speaks for also proves it is accepted (a refusal exits 4).
  const user = await auth.user(token);
  const expiresAt = jwtClaims(token)?.exp ?? null;
  await session.save({ access_token: token, refresh_token: null, expires_at: expiresAt, user: { id: user.id, email: user.email ?? null } });
  const until = expiresAt ? ` valid until ${await localTime(ctx, new Date(expiresAt * 1000))}` : '';
  ctx.out.success(`Signed in to profile ${profile.name} as ${user.email ?? user.id} with a token${until}.`);
}

async function saveAnonKey(anonKey: string, ctx: Context): Promise<void> {
  const store = ctx.config();
  const { name } = chooseProfile(await store.read(), ctx.options.profile, ctx.env);
  if (name === LOCAL_PROFILE) throw new UsageError('The local profile takes its anon key from the local service.', 'Drop --anon-key.');
  await store.update((config) => {
    const profile = config.profiles[name];
    if (!profile) throw new UsageError(`There is no profile named "${name}".`, `Add it first: practice profile add ${name} --url URL --anon-key KEY`);
    profile.anon_key = anonKey;
  });
}
