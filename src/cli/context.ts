// What every command gets instead of reaching for globals (gh's factory): the I/O streams, the
// environment, the clock, and services built lazily on first use, so a command pays only for its own.
import { readlinkSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from '../core/api-client.js';
import { colorEnabled, palette } from '../core/color.js';
import { ConfigStore, configDir } from '../core/config-store.js';
import { type Connection, type ConnectInputs, connect } from '../core/connect.js';
import { Output } from '../core/output.js';
import { Prompter, type Silence } from '../core/prompt.js';
import { useDateZoneOf } from '../model/time-zone.js';
import { zoneKeptNotice } from './profile/zone-kept.js';

export interface IOStreams {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
}

/** The options every command accepts (set from the command line before a command runs). */
export interface GlobalOptions {
  /** --profile; else PRACTICE_PROFILE, the active profile, or `local`. */
  profile?: string | undefined;
  /** False with --no-input: never prompt. */
  input: boolean;
  /** False with --no-color. */
  color: boolean;
  /** --verbose: log each HTTP exchange to stderr, secrets redacted. */
  verbose: boolean;
  /** --max-wait, in seconds: the longest a request waits in total to be retried. */
  maxWait: number;
}

const DEFAULT_OPTIONS: GlobalOptions = { input: true, color: true, verbose: false, maxWait: 60 };

/**
 * Everything the program reads from outside itself, handed to `run(argv, io)` (program.ts): the
 * streams (a terminal or not: their isTTY), the environment, the clock, and the executable to start
 * a copy of. Nothing a command does reads these from `process`; the process's own are processIO().
 */
export interface ProgramIO {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  /** The practice's clock (today, token expiry), so tests can pin the time; only waits and deadlines (a lock, server stop) read the real one. */
  now(): Date;
  /** The command line this process runs as, to start a copy of itself (the background server). */
  self: { execPath: string; script: string };
}

export interface Context extends ProgramIO {
  options: GlobalOptions;
  /** stdin and stdout are terminals and --no-input is absent: prompts are allowed. */
  readonly interactive: boolean;
  /** Why prompts are not allowed, for the refusal's wording; null when they are. */
  readonly silence: Silence;
  /** Tables, TSV, JSON, CSV to stdout; notes and warnings to stderr. */
  readonly out: Output;
  /** Questions; each refuses with a usage error (naming the flag to pass) when not interactive. */
  readonly prompt: Prompter;
  /** The profile store; nothing is read until asked. */
  config(): ConfigStore;
  /** The active profile, its client, session and auth endpoints (starts the local service if need be). */
  connection(): Promise<Connection>;
  /** The client of the active profile: `(await ctx.api()).select('clients', query)`. */
  api(): Promise<ApiClient>;
}

export function createContext(base: ProgramIO): Context {
  let out: Output | undefined;
  let prompt: Prompter | undefined;
  let store: ConfigStore | undefined;
  let connection: Promise<Connection> | undefined;
  const ctx: Context = {
    // Only the ProgramIO's own fields: a Context given as one keeps its services to itself.
    io: base.io,
    env: base.env,
    now: base.now,
    self: base.self,
    options: { ...DEFAULT_OPTIONS },
    get interactive() {
      return ctx.silence === null;
    },
    get silence() {
      if (!ctx.options.input) return '--no-input';
      return base.io.stdin.isTTY && base.io.stdout.isTTY ? null : 'no terminal';
    },
    get out() {
      const color = (stream: { isTTY?: boolean }) => palette(colorEnabled(stream, base.env, ctx.options.color));
      return (out ??= new Output(base.io, color(base.io.stdout), color(base.io.stderr)));
    },
    get prompt() {
      return (prompt ??= new Prompter({ stdin: base.io.stdin, stderr: base.io.stderr }, ctx.silence));
    },
    config: () => (store ??= new ConfigStore(configDir(base.env))),
    connection: () => (connection ??= connect(connectInputs(ctx))),
    api: async () => (await ctx.connection()).api,
  };
  return ctx;
}

/** What core's connect() needs, taken from the command line, the streams and the clock. */
function connectInputs(ctx: Context): ConnectInputs {
  const { stderr } = ctx.io;
  return {
    store: ctx.config(),
    profileName: ctx.options.profile,
    env: ctx.env,
    now: ctx.now,
    client: {
      maxWaitMs: ctx.options.maxWait * 1000,
      log: (line) => stderr.write(`${line}\n`),
      redraw: stderr.isTTY ? (text) => stderr.write(`\r\x1b[2K${text}`) : undefined,
      verbose: ctx.options.verbose,
    },
    startLocalService: async (dataDir) => {
      ctx.out.note(`Starting the practice service in the background (data in ${dataDir}; \`practice server stop\` stops it).`);
      const { startInBackground } = await import('../local-service/background.js');
      // The first start takes any free port (54321 may be a Supabase CLI's); every later one the same.
      return startInBackground(ctx.self, ctx.env, { host: '127.0.0.1', firstPort: 0, dataDir });
    },
    zoneKept: (profile, zone) => ctx.out.note(zoneKeptNotice(profile, zone)),
  };
}

/** This process's streams, environment, clock and command line: what the real `practice` runs on (main.ts). */
export function processIO(): ProgramIO {
  // Date's zone is the process's: the model converts in it without Intl once told where it comes from.
  useDateZoneOf({ env: process.env, localtimeLink });
  return {
    io: {
      // Made on first use: a command that reads no input never builds stdin's stream, which for a
      // file or /dev/null loads fs's streams and fs/promises (~5 million instructions on Node 20).
      get stdin() {
        return process.stdin;
      },
      stdout: process.stdout,
      stderr: process.stderr,
    },
    env: process.env,
    now: () => new Date(),
    self: { execPath: process.execPath, script: process.argv[1] ?? 'practice' },
  };
}

function localtimeLink(): string | null {
  try {
    return readlinkSync('/etc/localtime');
  } catch {
    return null;
  }
}
