// `practice auth logout`: ends the session on the server (its refresh token stops working) and
// forgets it here. Works offline too: the local copy is forgotten whatever the server says. As on
// Supabase, an access token already issued stays valid on REST until it expires: it says so and when
// (docs/supabase-compat.md).
import { Command } from 'commander';
import { ApiError } from '../../core/api-error.js';
import { ConnectionError } from '../../core/http.js';
import { expiresSoon, jwtClaims } from '../../core/session.js';
import type { Context } from '../context.js';
import { localTime } from '../shared/local-time.js';
import { ExitCode, failureOf, UsageError } from '../errors.js';

export function logoutCommand(ctx: Context): Command {
  return new Command('logout')
    .description('Sign out of the active profile (or --profile), ending the session on the server')
    .addHelpText('after', `
The refresh token stops working at once. An access token already issued stays valid on the REST
API until it expires (an hour at most), as on Supabase, which does not revoke access tokens.`)
    .addHelpText('before', `Examples:
  $ practice auth logout
  $ practice auth logout --profile clinic
`)
    .action(() => runLogout(ctx));
}

async function runLogout(ctx: Context): Promise<void> {
  const { session, auth, profile } = await ctx.connection();
  if (session.fromEnvironment) throw new UsageError('The token comes from PRACTICE_TOKEN; there is no stored session to end.', 'Unset PRACTICE_TOKEN.');
  const stored = await session.stored();
  if (!stored) {
    ctx.out.note(`Not signed in to profile ${profile.name}; nothing to do.`);
    return;
  }
  let token = stored.access_token;
  try {
    // An expired access token cannot end its session; renewing first gets one that can.
    if (expiresSoon(stored, ctx.now()) && stored.refresh_token) token = await session.accessToken();
    await auth.logout(token);
  } catch (err) {
    // A session the server no longer knows needs no ending; an unreachable server gets a warning.
    const gone = failureOf(err)?.exitCode === ExitCode.auth;
    if (!gone && !(err instanceof ConnectionError || err instanceof ApiError)) throw err;
    if (!gone) ctx.out.warn(`Could not end the session on the server (${(err as Error).message}); forgetting it here anyway.`);
  }
  await session.forget();
  const again = profile.local ? ' The next command signs the local therapist in again.' : '';
  ctx.out.success(`Signed out of profile ${profile.name}.${again}`);
  const expiresAt = jwtClaims(token)?.exp;
  if (typeof expiresAt === 'number' && expiresAt * 1000 > ctx.now().getTime()) {
    ctx.out.note(`Its last access token stays valid on the REST API until it expires at ${await localTime(ctx, new Date(expiresAt * 1000))}, as on Supabase: copies of it still work until then.`);
  }
}
