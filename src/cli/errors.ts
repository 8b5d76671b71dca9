// The failures a command can end with, each bound to one exit code (README "Exit codes"), and the one
// map from any error (commander's, the model's, core's, the CLI's own) to what is said, the exit code
// and the hint. Core's errors say what failed; the `practice ...` advice on them is added here.
// report() in src/cli/program.ts alone prints a failure and turns it into an exit.
import { CommanderError } from 'commander';
import { ApiError } from '../core/api-error.js';
import {
  BadInputError, CancelledError, CoreError, DamagedConfigError, LocalAccountTakenError, LocalServiceStoppedError, MissingAnonKeyError,
  NotJsonResponseError, NotSignedInError, UnknownProfileError,
} from '../core/errors.js';
import { ConnectionError } from '../core/http.js';
import { LOCAL_PROFILE } from '../core/profiles.js';
import { LockTimeoutError } from '../fs/atomic-files.js';
import { UnusableDirError } from '../fs/unusable-dir.js';
import { BackgroundStartError, PortTakenError } from '../local-service/errors.js';
import { DataDirLockedError } from '../local-service/server-state.js';
import { InvalidInputError, ModelError, UnknownIdError } from '../model/errors.js';
import { plainRefusal } from './plain-refusal.js';

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 4,
  // 128 + SIGINT, what a shell reports for a command stopped with Ctrl-C.
  interrupted: 130,
} as const;

/** How a surface names a flag: the CLI as typed (`--date`), `practice mcp` as its tool's argument. */
export type NameOf = (flag: string) => string;

/** A refusal's words with every flag it mentions named by the surface that says it. */
export type Wording = (name: NameOf) => string;

const asTyped: NameOf = (flag) => flag;

/**
 * Exit 1: the command ran and failed; `hint` says what to do about it. Words given as a Wording name
 * their flags through the surface, so another surface says them in its own terms (`named`).
 */
export class CommandError extends Error {
  readonly exitCode: number = ExitCode.failure;
  /** The flag the refusal is about, as the CLI spells it; null when it is about no one flag. */
  readonly field: string | null;
  readonly hint: string | null;
  readonly #message: Wording | null;
  readonly #hint: Wording | null;

  constructor(message: string | Wording, hint: string | Wording | null = null, field: string | null = null) {
    super(typeof message === 'string' ? message : message(asTyped));
    this.name = new.target.name;
    this.hint = typeof hint === 'function' ? hint(asTyped) : hint;
    this.field = field;
    this.#message = typeof message === 'string' ? null : message;
    this.#hint = typeof hint === 'function' ? hint : null;
  }

  /** The same refusal (same class, so the same exit code) with its flags named by `name`; words given as text stay as they are. */
  named(name: NameOf): CommandError {
    const Same = this.constructor as new (message: string, hint: string | null, field: string | null) => CommandError;
    return new Same(this.#message?.(name) ?? this.message, this.#hint?.(name) ?? this.hint, this.field);
  }
}

/** Exit 2: the command line or its input is wrong; nothing was sent anywhere. */
export class UsageError extends CommandError {
  override readonly exitCode = ExitCode.usage;

  /** A refusal about the value of one flag (`field`, as the CLI spells it): `--date: expected a date ...`. */
  static about(field: string, reason: Wording, hint: string | Wording | null = null): UsageError {
    return new UsageError((name) => `${name(field)}: ${reason(name)}`, hint, field);
  }
}

/** Exit with a code and no message: the command already said what it had to say (e.g. `status`). */
export class SilentExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'SilentExit';
  }
}

/** How a known failure ends the command; unknown errors (bugs) have none. */
export interface Failure {
  exitCode: number;
  /** The `error:` line; null when it was said already (commander's usage errors, a SilentExit). */
  message: string | null;
  /** A `details:` line: the server's details, unless plain words replaced the message. */
  details: string | null;
  hint: string | null;
  /** Where a refusal came from, ` (HTTP 409 PT409)`: said after the message with --verbose, for whoever debugs. */
  origin?: string;
}

const CHECK_PROFILE_URL = 'Check the project URL of the profile (`practice profile list`).';

const signInHint = (profile: string) => `Sign in with \`practice auth login${profile === LOCAL_PROFILE ? '' : ` --profile ${profile}`}\`.`;

const API_HINTS: Record<number, string> = {
  401: 'Sign in again with `practice auth login`.',
  403: 'The signed-in account may not do this; check `practice auth status`.',
  404: 'Check the table or path, and the project URL of the profile (`practice profile list`).',
  429: 'The server is rate limiting this account; wait a minute, or raise --max-wait.',
};

// By the server's error code, where it says more than the status: checked first.
const API_CODE_HINTS = new Map<string, string>([
  // The practice service on a hosted Supabase project's database answers this for every account
  // route (sign-in is Supabase Auth's there); so does a Supabase project with email sign-in off.
  ['email_provider_disabled',
    "This server takes no email sign-in. If its accounts are a Supabase project's, point a profile at the project's own URL " +
    '(`practice profile add NAME --url https://<ref>.supabase.co --anon-key KEY`) and sign up or in there with `--profile NAME`.'],
]);

const NO_ANSWER_HINTS: Record<ConnectionError['reason'], string | null> = {
  refused: 'Is the service running? Check the profile (`practice profile list`) or `practice server status`.',
  'unknown host': CHECK_PROFILE_URL,
  'broken off': 'The service may have stopped or restarted: check it (`practice server status` for the local one) and the network, then try again.',
  other: null,
};

/** The advice for a core error that names a command, when core's own advice does not apply. */
function commandHint(err: CoreError): string | null {
  if (err instanceof ApiError) {
    return API_CODE_HINTS.get(err.code ?? '') ?? API_HINTS[err.status] ?? (err.notJson ? 'The answer was not JSON: a proxy, or a URL that is not a practice project? Check `practice profile list`.' : null);
  }
  if (err instanceof ConnectionError) return NO_ANSWER_HINTS[err.reason];
  if (err instanceof NotSignedInError) return signInHint(err.profile);
  if (err instanceof LocalAccountTakenError) return `Sign in to it with its password: \`practice auth login --profile ${LOCAL_PROFILE} --email ${err.email}\`.`;
  if (err instanceof UnknownProfileError) return 'See `practice profile list`; add one with `practice profile add`.';
  if (err instanceof MissingAnonKeyError) {
    return `Set PRACTICE_ANON_KEY, or run \`practice profile add ${err.profile} --url ${err.projectRoot} --anon-key KEY\`.`;
  }
  if (err instanceof NotJsonResponseError) return CHECK_PROFILE_URL;
  if (err instanceof DamagedConfigError) {
    // The local profile comes back whole from its data dir; profiles of other services are added again.
    return `Fix it by hand, or set it aside and sign the local profile in again: \`mv ${err.path} ${err.path}.damaged && practice auth login --profile local\` `
      + '(the same therapist and all its data; profiles of other services must then be added again).';
  }
  if (err instanceof LocalServiceStoppedError) return 'See its log with `practice server status` and the server.log in its data dir.';
  return null;
}

function unusableDirHint(err: UnusableDirError): string {
  const where = err.kind === 'config'
    ? 'set PRACTICE_CONFIG_DIR (or XDG_CONFIG_HOME) to a writable directory: profiles and sessions are kept there.'
    : 'set XDG_DATA_HOME to a writable directory: the local service keeps its data there (PRACTICE_URL uses another service).';
  return ['ENOSPC', 'EDQUOT'].includes(err.code) ? `Free some space on its disk, or ${where}` : `${where[0]!.toUpperCase()}${where.slice(1)}`;
}

function coreExitCode(err: CoreError): number {
  if (err instanceof BadInputError) return ExitCode.usage;
  if (err instanceof NotSignedInError || err instanceof LocalAccountTakenError) return ExitCode.auth;
  if (err instanceof ApiError && err.credentialsRefused) return ExitCode.auth;
  if (err instanceof CancelledError) return ExitCode.interrupted;
  return ExitCode.failure;
}

/** What `error:` says of a refusal from the server: plain words for a constraint's name; where it came from apart. */
function apiFailure(err: ApiError, hint: string | null): Failure {
  const origin = ` (HTTP ${err.status}${err.code ? ` ${err.code}` : ''})`;
  // A constraint's name means nothing to a person: its plain words replace the message and the details.
  const plain = plainRefusal(err.message) ?? (err.details ? plainRefusal(err.details) : null);
  return { exitCode: coreExitCode(err), message: plain ?? err.message, details: plain ? null : err.details, hint, origin };
}

/** A failure with nothing but its message, exit code and hint. */
const said = (err: Error, exitCode: number, hint: string | null = null): Failure => ({ exitCode, message: err.message, details: null, hint });

/** What to say, the exit code and the hint of a failure the CLI knows (its own, core's, the model's, commander's); null for anything else (a bug). */
export function failureOf(err: unknown): Failure | null {
  if (err instanceof SilentExit) return { exitCode: err.exitCode, message: null, details: null, hint: null };
  // commander has printed its own message (through the program's configureOutput); --help and --version end it too.
  if (err instanceof CommanderError) return { exitCode: err.exitCode === 0 ? ExitCode.ok : ExitCode.usage, message: null, details: null, hint: null };
  if (err instanceof CommandError) return said(err, err.exitCode, err.hint);
  if (err instanceof ApiError) return apiFailure(err, err.hint ?? commandHint(err));
  if (err instanceof CoreError) return said(err, coreExitCode(err), err.hint ?? commandHint(err));
  // The domain's own refusals: bad input is a usage error (nothing was sent), an id nothing has or a
  // refused status change a failure, as the server's 404 or 409 would be. Commands usually name the
  // flag first (src/cli/shared).
  if (err instanceof ModelError) return said(err, err instanceof InvalidInputError && !(err instanceof UnknownIdError) ? ExitCode.usage : ExitCode.failure);
  if (err instanceof UnusableDirError) return said(err, ExitCode.failure, unusableDirHint(err));
  if (err instanceof LockTimeoutError) return said(err, ExitCode.failure, `If that process is stuck, end it (kill ${err.holderPid}).`);
  if (err instanceof DataDirLockedError) {
    // A holder without a URL is a server still starting: it will answer in a moment.
    return said(err, ExitCode.failure, err.holder.url === null
      ? 'It is still starting: try again in a moment.'
      : 'Stop it with `practice server stop`, or pass another --data-dir.');
  }
  if (err instanceof PortTakenError) {
    return said(err, ExitCode.failure, `Stop the program on port ${err.port}, or give the service another port, which it keeps from then on: \`practice server start --port N\` (0 picks a free one).`);
  }
  if (err instanceof BackgroundStartError) return said(err, ExitCode.failure, 'Run `practice server start --foreground` to see it start in this terminal.');
  return null;
}
