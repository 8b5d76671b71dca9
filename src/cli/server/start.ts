// `practice server start`: in the foreground (prints one JSON line once listening, stops on
// SIGINT/SIGTERM) or, by default, as a background process that outlives the command.
import { isIP } from 'node:net';
import { Command, InvalidArgumentError, Option } from 'commander';
import { startInBackground } from '../../local-service/background.js';
import { PortTakenError } from '../../local-service/errors.js';
import { ANY_ORIGIN, parseCorsOrigins } from '../../server/http/cors-origins.js';
import { DEFAULT_STATEMENT_TIMEOUTS, type StatementTimeouts } from '../../server/db/database.js';
import { DEFAULT_CONNECTION_SETTINGS, DEFAULT_RATE_LIMITS, type ConnectionSettings, type RateLimitSettings } from '../../server/http/limits.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { dataDirOf, dataDirOption, integerIn } from './shared.js';

const DEFAULT_PORT = 54321;

interface StartOptions extends RateLimitSettings, ConnectionSettings {
  host: string;
  /** Absent: the port the data dir keeps, else DEFAULT_PORT. */
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  trustProxy?: string;
  corsOrigins: string[];
  foreground?: boolean;
  migrate: boolean;
  statementTimeoutAnon: number;
  statementTimeoutAuthenticated: number;
}

// Each limit is also read from the environment, which is how a background start hands it to the
// server process it spawns.
const RATE_LIMIT_FLAGS: Array<[keyof RateLimitSettings, flag: string, env: string, what: string]> = [
  ['readsPerMinute', '--reads-per-minute', 'PRACTICE_READS_PER_MINUTE', 'REST reads per user a minute'],
  ['writesPerMinute', '--writes-per-minute', 'PRACTICE_WRITES_PER_MINUTE', 'REST writes per user a minute'],
  ['authPerMinute', '--auth-per-minute', 'PRACTICE_AUTH_PER_MINUTE', 'sign-ups and sign-ins per client IP a minute'],
];

const seconds = integerIn(1, 3600, 'a number of seconds');
const CONNECTION_FLAGS: Array<[keyof ConnectionSettings, flag: string, env: string, what: string, parse: (value: string) => number]> = [
  ['headersTimeout', '--headers-timeout <seconds>', 'PRACTICE_HEADERS_TIMEOUT', "time a request's headers may take to arrive", seconds],
  ['requestTimeout', '--request-timeout <seconds>', 'PRACTICE_REQUEST_TIMEOUT', 'time a whole request, headers and body, may take to arrive', seconds],
  ['connectionsPerIp', '--connections-per-ip <n>', 'PRACTICE_CONNECTIONS_PER_IP', 'open connections one client address may hold (0: no cap)', integerIn(0, 1_000_000, 'a count')],
];

// Supabase's per-role statement_timeout; read from the environment by a background server too.
const STATEMENT_TIMEOUT_FLAGS: Array<[keyof StatementTimeouts, flag: string, env: string, key: 'statementTimeoutAnon' | 'statementTimeoutAuthenticated']> = [
  ['anon', '--statement-timeout-anon', 'PRACTICE_STATEMENT_TIMEOUT_ANON', 'statementTimeoutAnon'],
  ['authenticated', '--statement-timeout-authenticated', 'PRACTICE_STATEMENT_TIMEOUT_AUTHENTICATED', 'statementTimeoutAuthenticated'],
];

const limitOptions = () => [
  ...STATEMENT_TIMEOUT_FLAGS.map(([role, flag, env]) =>
    new Option(`${flag} <seconds>`, `longest a request of the ${role} role may run${role === 'authenticated' ? ' (service_role too)' : ''}`)
      .argParser(seconds)
      .default(DEFAULT_STATEMENT_TIMEOUTS[role] / 1000)
      .env(env),
  ),
  ...RATE_LIMIT_FLAGS.map(([key, flag, env, what]) =>
    new Option(`${flag} <n>`, `${what} (0: no limit)`)
      .argParser(integerIn(0, 1_000_000, 'a count'))
      .default(DEFAULT_RATE_LIMITS[key])
      .env(env),
  ),
  ...CONNECTION_FLAGS.map(([key, flag, env, what, parse]) => new Option(flag, what).argParser(parse).default(DEFAULT_CONNECTION_SETTINGS[key]).env(env)),
];

// proxy-addr's names for address ranges, which fastify's trustProxy takes beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `--trust-proxy`: comma-separated addresses, CIDR ranges or range names; anything else is a usage error. */
function proxyList(value: string): string {
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const maxBits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : 0;
    const valid = PROXY_RANGE_NAMES.has(entry) || (maxBits > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)));
    if (!valid) throw new InvalidArgumentError(`"${entry}" is not an address, a CIDR range (10.0.0.0/8) or one of ${[...PROXY_RANGE_NAMES].join(', ')}.`);
  }
  return entries.join(',');
}

// A browser's Origin: scheme, host and optional port, nothing after them.
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/i;

/** `--cors-origins`: comma-separated origins or `*`; anything else is a usage error. */
function originList(value: string): string[] {
  const origins = parseCorsOrigins(value);
  for (const origin of origins) {
    if (origin !== ANY_ORIGIN && !ORIGIN.test(origin)) {
      throw new InvalidArgumentError(`"${origin}" is not an origin: write it as a browser sends it, e.g. https://app.example.com or http://localhost:5173, without a path.`);
    }
  }
  return origins;
}

function limitEnv(options: StartOptions): NodeJS.ProcessEnv {
  return Object.fromEntries([
    ...[...RATE_LIMIT_FLAGS, ...CONNECTION_FLAGS].map(([key, , env]) => [env, String(options[key])]),
    ...STATEMENT_TIMEOUT_FLAGS.map(([, , env, key]) => [env, String(options[key])]),
  ]);
}

/** What the background server is started with: the limits, the origins and migrations off, as the environment. */
function childEnv(options: StartOptions): NodeJS.ProcessEnv {
  return {
    ...limitEnv(options),
    PRACTICE_CORS_ORIGINS: options.corsOrigins.join(','),
    ...(options.migrate ? {} : { PRACTICE_SKIP_MIGRATIONS: '1' }),
  };
}

export function startCommand(ctx: Context): Command {
  const command = new Command('start')
    .description('Start the practice service')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', `port to listen on, 0 for any free one; kept in the data dir for the next start (default: the kept one, else ${DEFAULT_PORT})`, integerIn(0, 65535, 'a port'))
    .addOption(dataDirOption())
    .addOption(
      new Option('--database-url <url>', 'run on this PostgreSQL server instead of PGlite').env('PRACTICE_DATABASE_URL'),
    )
    .addOption(
      new Option('--trust-proxy <addresses>', 'load balancers (addresses, CIDR ranges) whose X-Forwarded-For names the client')
        .argParser(proxyList)
        .env('PRACTICE_TRUST_PROXY'),
    )
    .addOption(
      new Option('--cors-origins <origins>', 'browser origins allowed to call the service, comma-separated (* for any)')
        .argParser(originList)
        .default([ANY_ORIGIN], ANY_ORIGIN)
        .env('PRACTICE_CORS_ORIGINS'),
    )
    .option('--no-migrate', "don't migrate the database; refuse to start unless `practice server schema`'s files were applied (env: PRACTICE_SKIP_MIGRATIONS=1)")
    .option('--foreground', 'stay in the foreground and print {"url", "anon_key"} once listening')
    .addHelpText('before', `Examples:
  $ practice server start                      # PGlite under ~/.local/share/practice, in the background
  $ practice server start --foreground --port 0
  $ practice server start --database-url postgres://user@db.example/practice
  $ practice server start --database-url postgres://user@db.example/practice --no-migrate   # schema applied with psql
  $ practice server start --reads-per-minute 0 --writes-per-minute 0   # no limits, for a load test
  $ practice server start --host 0.0.0.0 --trust-proxy 10.0.0.0/8      # behind a load balancer
  $ practice server start --request-timeout 60 --connections-per-ip 20   # slower clients, fewer connections each
  $ practice server start --cors-origins https://app.example.com,http://localhost:5173   # browsers of these sites only
`)
    .addHelpText('after', `
With REDIS_URL set, the rate-limit counters live in that Redis, shared by every instance using it.`)
    .action((options: StartOptions) => runStart(options, ctx));
  for (const option of limitOptions()) command.addOption(option);
  return command;
}

/**
 * PRACTICE_SKIP_MIGRATIONS as a person means it: 1/true/yes skips, 0/false/no or empty does not.
 * (commander's env for a --no- flag would take any value, 0 included, as the flag.)
 */
function skipMigrationsFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = env.PRACTICE_SKIP_MIGRATIONS?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  throw new UsageError(`PRACTICE_SKIP_MIGRATIONS: expected 1 (skip the migrations) or 0; got '${env.PRACTICE_SKIP_MIGRATIONS}'`);
}

async function runStart(given: StartOptions, ctx: Context): Promise<void> {
  const options = { ...given, migrate: given.migrate && !skipMigrationsFromEnv(ctx.env) };
  const dataDir = dataDirOf(options, ctx);
  if (!options.foreground) {
    const started = await startInBackground(ctx.self, { ...ctx.env, ...childEnv(options) }, { ...options, firstPort: DEFAULT_PORT, dataDir });
    ctx.io.stderr.write(
      started.alreadyRunning ? `The practice service is already running at ${started.url}\n` : `The practice service is running at ${started.url}\n`,
    );
    return;
  }
  // The server writes a practice's records: nothing it creates is for other users, whatever the umask.
  process.umask(0o077);
  const { keepPort, readKeptPort } = await import('../../local-service/kept-port.js');
  const port = options.port ?? (await readKeptPort(dataDir)) ?? DEFAULT_PORT;
  const { serve } = await import('../../server/serve.js');
  const { DataDirLockedError } = await import('../../local-service/server-state.js');
  let server;
  try {
    const { readsPerMinute, writesPerMinute, authPerMinute, headersTimeout, requestTimeout, connectionsPerIp } = options;
    server = await serve({
      host: options.host,
      port,
      dataDir,
      databaseUrl: options.databaseUrl,
      trustProxy: options.trustProxy,
      corsOrigins: options.corsOrigins,
      migrations: options.migrate,
      rateLimits: { readsPerMinute, writesPerMinute, authPerMinute },
      connections: { headersTimeout, requestTimeout, connectionsPerIp },
      statementTimeouts: { anon: options.statementTimeoutAnon * 1000, authenticated: options.statementTimeoutAuthenticated * 1000 },
      env: ctx.env,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw err; // errors.ts says what to do about it
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortTakenError(options.host, port);
    throw new CommandError(`The practice service could not start: ${(err as Error).message}`);
  }
  // Where the next start listens, so the service's address outlives this run (kept-port.ts).
  const listening = server;
  await keepPort(dataDir, Number(new URL(server.url).port)).catch(async (err: unknown) => {
    await listening.close();
    throw err;
  });
  // Listened for before the line is written: a pipe's write is synchronous, and a caller that stops
  // the service as soon as it reads the line killed it outright, never closed, in the moment between.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  ctx.io.stdout.write(`${JSON.stringify({ url: server.url, anon_key: server.keys.anonKey })}\n`);
  await stopped;
  await server.close();
}
