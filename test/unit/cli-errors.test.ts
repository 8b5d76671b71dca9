// The CLI's one map from an error to what is said, an exit code and a hint (src/cli/errors.ts):
// commander's errors, the model's, core's and the CLI's own all go through it; core's errors say what
// failed and carry no command names; the `practice ...` advice on them is added here.
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { CommandError, failureOf, SilentExit, UsageError } from '../../src/cli/errors.js';
import { ApiError } from '../../src/core/api-error.js';
import {
  BadInputError, CancelledError, CoreError, LocalAccountTakenError, LocalServiceStoppedError, MissingAnonKeyError,
  NotJsonResponseError, NotSignedInError, UnknownProfileError,
} from '../../src/core/errors.js';
import { ConnectionError } from '../../src/core/http.js';
import { LockTimeoutError } from '../../src/fs/atomic-files.js';
import { UnusableDirError } from '../../src/fs/unusable-dir.js';
import { BackgroundStartError, PortTakenError } from '../../src/local-service/errors.js';
import { DataDirLockedError, type ServerState } from '../../src/local-service/server-state.js';
import { AmbiguousIdError, InvalidInputError, InvalidTransitionError, UnknownIdError } from '../../src/model/errors.js';

const holder = (url: string | null): ServerState => ({ pid: 4242, url, store: 'pglite', dataDir: '/d', startedAt: '2026-11-27T06:00:00.000Z' });

describe('failureOf', () => {
  it.each([
    ['the CLI\'s own usage error', new UsageError('bad flag', 'Pass --x.'), 2, 'Pass --x.'],
    ['bad input to core', new BadInputError('"a b" is not a valid column name.'), 2, null],
    ['an unknown profile', new UnknownProfileError('work'), 2, 'See `practice profile list`; add one with `practice profile add`.'],
    ['a profile without an anon key', new MissingAnonKeyError('work', 'https://x.example'), 2,
      'Set PRACTICE_ANON_KEY, or run `practice profile add work --url https://x.example --anon-key KEY`.'],
    ['nobody signed in to the local profile', new NotSignedInError('Not signed in (profile local).', 'local'), 4, 'Sign in with `practice auth login`.'],
    ['nobody signed in to another profile', new NotSignedInError('Not signed in (profile work).', 'work'), 4, 'Sign in with `practice auth login --profile work`.'],
    ['a sign-in hint given by the thrower', new NotSignedInError('not signed in', 'work', 'Sign in with `practice auth login`.'), 4, 'Sign in with `practice auth login`.'],
    ['the local account taken', new LocalAccountTakenError('therapist@localhost'), 4, 'Sign in to it with its password: `practice auth login --profile local --email therapist@localhost`.'],
    ['Ctrl-C at a question', new CancelledError('Cancelled.'), 130, null],
    ['refused credentials', new ApiError(401, 'PGRST301', 'bad', null, null), 4, 'Sign in again with `practice auth login`.'],
    ['a rate limit the server gave no hint for', new ApiError(429, null, 'Rate limit exceeded', null, null), 1,
      'The server is rate limiting this account; wait a minute, or raise --max-wait.'],
    ['the server\'s own hint', new ApiError(409, '23505', 'duplicate', null, 'Use another name.'), 1, 'Use another name.'],
    ['email sign-in not offered (accounts with a Supabase project\'s Auth)', new ApiError(422, 'email_provider_disabled', 'Accounts are elsewhere', null, null), 1,
      "This server takes no email sign-in. If its accounts are a Supabase project's, point a profile at the project's own URL " +
      '(`practice profile add NAME --url https://<ref>.supabase.co --anon-key KEY`) and sign up or in there with `--profile NAME`.'],
    ['a proxy page', new ApiError(405, null, 'The server answered HTTP 405', null, null, true), 1,
      'The answer was not JSON: a proxy, or a URL that is not a practice project? Check `practice profile list`.'],
    ['a refused connection', new ConnectionError('refused', null, false, false, 'refused'), 1,
      'Is the service running? Check the profile (`practice profile list`) or `practice server status`.'],
    ['a timeout, with core\'s own advice', new ConnectionError('timed out', 'Check the network connection.', true, false), 1, 'Check the network connection.'],
    ['a body that is not JSON', new NotJsonResponseError(200), 1, 'Check the project URL of the profile (`practice profile list`).'],
    ['a local service that stopped', new LocalServiceStoppedError(), 1, 'See its log with `practice server status` and the server.log in its data dir.'],
    ['any other core failure', new CoreError('The local practice service created the account but started no session.'), 1, null],
    ['a lock held too long', new LockTimeoutError('/x/config.json.lock', 4242), 1, 'If that process is stuck, end it (kill 4242).'],
    ['a read-only config dir', new UnusableDirError('/h/.config/practice', 'config', 'EROFS'), 1,
      'Set PRACTICE_CONFIG_DIR (or XDG_CONFIG_HOME) to a writable directory: profiles and sessions are kept there.'],
    ['a full data dir', new UnusableDirError('/h/.local/share/practice', 'data', 'ENOSPC'), 1,
      'Free some space on its disk, or set XDG_DATA_HOME to a writable directory: the local service keeps its data there (PRACTICE_URL uses another service).'],
    ['a port another program holds', new PortTakenError('127.0.0.1', 54321), 1,
      'Stop the program on port 54321, or give the service another port, which it keeps from then on: `practice server start --port N` (0 picks a free one).'],
    ['a background start that failed', new BackgroundStartError('/x/server.log', 'boom'), 1, 'Run `practice server start --foreground` to see it start in this terminal.'],
    ['the data dir held by a running server', new DataDirLockedError(holder('http://127.0.0.1:5')), 1, 'Stop it with `practice server stop`, or pass another --data-dir.'],
    ['the data dir held by a server still starting', new DataDirLockedError(holder(null)), 1, 'It is still starting: try again in a moment.'],
    ['the CLI\'s own failure', new CommandError('No such export.', 'Check the path.'), 1, 'Check the path.'],
    ['the model refusing input (nothing sent)', new InvalidInputError('not a date'), 2, null],
    ['an ambiguous short id', new AmbiguousIdError('ab', 'client', ['ab1', 'ab2']), 2, null],
    ['an id nothing has', new UnknownIdError('ab', 'client'), 1, null],
    ['a refused status change', new InvalidTransitionError('completed', 'scheduled', ['confirmed']), 1, null],
  ])('%s', (_, error, exitCode, hint) => {
    // A server's refusal also says where it came from, which --verbose prints after the message.
    const origin = error instanceof ApiError ? { origin: ` (HTTP ${error.status}${error.code ? ` ${error.code}` : ''})` } : {};
    expect(failureOf(error)).toEqual({ exitCode, hint, message: error.message, details: null, ...origin });
  });

  it.each([
    ['commander\'s usage error, printed by commander', new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'"), 2],
    ['--help and --version, printed by commander', new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), 0],
    ['a command that said all it had to say', new SilentExit(4), 4],
  ])('%s: its exit code, and nothing more to say', (_, error, exitCode) => {
    expect(failureOf(error)).toEqual({ exitCode, message: null, details: null, hint: null });
  });

  it('says a constraint the server names in plain words, with where it came from, instead of its details', () => {
    const named = new ApiError(409, '23505', 'duplicate key value violates unique constraint "clients_email_key"', 'Key (email)=(a@b.c) already exists.', null);
    expect(failureOf(named)).toMatchObject({ message: 'The change was refused: another client already has this email (emails are unique, any case).', details: null, origin: ' (HTTP 409 23505)' });
    const other = new ApiError(400, 'PGRST100', 'failed to parse filter', 'unexpected "x"', null);
    expect(failureOf(other)).toMatchObject({ message: 'failed to parse filter', details: 'unexpected "x"', exitCode: 1, origin: ' (HTTP 400 PGRST100)' });
  });

  it('knows nothing of bugs: program.ts reports them as unexpected', () => {
    expect(failureOf(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('a usage error about a flag', () => {
  const mcpNames = (flag: string) => `\`${flag.replace(/^--/, '')}\``;

  it('names its flags as the CLI spells them, and carries the flag it is about', () => {
    const err = UsageError.about('--to', (name) => `2026-11-20 is before ${name('--from')} 2026-11-23`, (name) => `Pass ${name('--yes')}.`);
    expect([err.message, err.hint, err.field, err.exitCode]).toEqual(['--to: 2026-11-20 is before --from 2026-11-23', 'Pass --yes.', '--to', 2]);
    expect(failureOf(err)).toEqual({ exitCode: 2, message: err.message, details: null, hint: 'Pass --yes.' });
  });

  it('is said again in another surface\'s terms, every flag it mentions included', () => {
    const err = UsageError.about('--to', (name) => `2026-11-20 is before ${name('--from')} 2026-11-23`, (name) => `Pass ${name('--yes')}.`).named(mcpNames);
    expect([err.message, err.hint, err.field]).toEqual(['`to`: 2026-11-20 is before `from` 2026-11-23', 'Pass `yes`.', '--to']);
  });

  it('keeps its kind, and so its exit code, when said again', () => {
    const usage = UsageError.about('--date', () => 'expected a date').named(mcpNames);
    expect([usage instanceof UsageError, usage.exitCode, usage.message]).toEqual([true, 2, '`date`: expected a date']);
    const missing = new CommandError((name) => `${name('--client')}: no client matches 'Nobody'`, 'See `practice client list`.', '--client').named(mcpNames);
    expect([missing instanceof UsageError, missing.exitCode, missing.message, missing.hint, missing.field])
      .toEqual([false, 1, "`client`: no client matches 'Nobody'", 'See `practice client list`.', '--client']);
  });

  it('keeps words given as plain text as they are', () => {
    const err = new UsageError('Name the new --date, --start or --end.', 'See --help.').named(mcpNames);
    expect([err.message, err.hint, err.field]).toEqual(['Name the new --date, --start or --end.', 'See --help.', null]);
  });
});
