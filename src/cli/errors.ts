// The failures a command can end with, each bound to one exit code (README "Exit codes").
// Commands throw these (or src/model's ModelError); report() in src/cli/program.ts alone turns them into an exit code.

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 4,
  // 128 + SIGINT, what a shell reports for a command stopped with Ctrl-C.
  interrupted: 130,
} as const;

/** Exit 1: the command ran and failed; `hint` says what to do about it. */
export class CommandError extends Error {
  readonly exitCode: number = ExitCode.failure;
  constructor(message: string, readonly hint: string | null = null) {
    super(message);
    this.name = new.target.name;
  }
}

/** Exit 2: the command line or its input is wrong; nothing was sent anywhere. */
export class UsageError extends CommandError {
  override readonly exitCode = ExitCode.usage;
}

/** Exit 4: not signed in, or the server rejected the credentials. */
export class AuthError extends CommandError {
  override readonly exitCode = ExitCode.auth;
}

/** Exit 130: the person pressed Ctrl-C at a question; nothing more was sent. */
export class CancelledError extends CommandError {
  override readonly exitCode = ExitCode.interrupted;
}

/** Exit with a code and no message: the command already said what it had to say (e.g. `status`). */
export class SilentExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'SilentExit';
  }
}
