// `practice auth status`: which profile, which project, who is signed in and until when. The token
// is checked with the server (renewed first if due); exit 4 when not signed in or it is refused.
import { Command } from 'commander';
import type { Connection } from '../../core/connect.js';
import { jwtClaims } from '../../core/session.js';
import type { Context } from '../context.js';
import { NotSignedInError } from '../../core/errors.js';
import { ExitCode, type Failure, failureOf, SilentExit } from '../errors.js';

interface Status {
  profile: string;
  profile_source: string;
  url: string;
  time_zone: string;
  signed_in: boolean;
  user: { id: string; email: string | null } | null;
  token_source: 'environment' | 'config' | null;
  expires_at: string | null;
  problem: string | null;
}

const SOURCES: Record<string, string> = {
  flag: 'chosen with --profile',
  env: 'from PRACTICE_PROFILE',
  config: 'the active profile',
  default: 'the default',
};

export function statusCommand(ctx: Context): Command {
  return new Command('status')
    .description('Show who is signed in, to which profile, until when (exit 4 when not signed in)')
    .option('--json', 'print the status as JSON')
    .addHelpText('before', `Examples:
  $ practice auth status
  $ practice auth status --json | jq -r .user.email
  $ practice auth status >/dev/null 2>&1 || practice auth login
`)
    .action((options: { json?: boolean }) => runStatus(options, ctx));
}

async function runStatus(options: { json?: boolean }, ctx: Context): Promise<void> {
  const connection = await ctx.connection();
  const { profile } = connection;
  const status: Status = {
    profile: profile.name,
    profile_source: profile.source,
    url: profile.urls.root,
    time_zone: profile.timeZone,
    signed_in: false,
    user: null,
    token_source: connection.session.fromEnvironment ? 'environment' : 'config',
    expires_at: null,
    problem: null,
  };
  let failure: Failure | null = null;
  try {
    await check(connection, status);
  } catch (err) {
    failure = failureOf(err);
    if (failure?.exitCode !== ExitCode.auth) throw err;
    status.problem = (err as Error).message;
    status.token_source = null;
  }
  if (options.json) ctx.out.json(status);
  else print(status, ctx);
  if (failure) {
    if (!options.json && failure.hint) ctx.out.note(failure.hint);
    throw new SilentExit(ExitCode.auth);
  }
}

async function check({ profile, session, auth }: Connection, status: Status): Promise<void> {
  if (!session.fromEnvironment && !profile.local && !(await session.stored())) {
    throw new NotSignedInError('not signed in', profile.name, `Sign in with \`practice auth login${profile.source === 'flag' ? ` --profile ${profile.name}` : ''}\`.`);
  }
  const token = await session.accessToken();
  const user = await auth.user(token);
  const exp = jwtClaims(token)?.exp;
  Object.assign(status, {
    signed_in: true,
    user: { id: user.id, email: user.email ?? null },
    expires_at: exp ? new Date(exp * 1000).toISOString() : null,
  });
}

function untilText(iso: string, now: Date): string {
  const minutes = Math.round((Date.parse(iso) - now.getTime()) / 60_000);
  const span = Math.abs(minutes) >= 120 ? `${Math.round(Math.abs(minutes) / 60)} h` : `${Math.abs(minutes)} min`;
  return minutes >= 0 ? `in ${span}` : `${span} ago`;
}

function print(status: Status, ctx: Context): void {
  const { bold } = ctx.out.color;
  const lines: Array<[string, string]> = [
    ['Profile', `${status.profile} (${SOURCES[status.profile_source]})`],
    ['Project', status.url],
  ];
  if (status.user) {
    lines.push(['Signed in', `${status.user.email ?? '(no email)'} (user ${status.user.id})`]);
    const renewal = status.token_source === 'environment' ? 'from PRACTICE_TOKEN, not renewed' : 'kept in the config file, renewed automatically';
    const expiry = status.expires_at ? `; expires ${status.expires_at.replace(/\.\d+Z$/, 'Z')} (${untilText(status.expires_at, ctx.now())})` : '';
    lines.push(['Token', `${renewal}${expiry}`]);
  } else {
    lines.push(['Signed in', `no: ${status.problem}`]);
  }
  lines.push(['Time zone', status.time_zone]);
  for (const [label, value] of lines) ctx.out.print(`${bold(label.padEnd(10))} ${value}`);
}
