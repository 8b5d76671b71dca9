// The failures core reports: what failed, with the data a caller needs to act on it. Core knows
// nothing of exit codes or of the command line; src/cli/errors.ts turns each into an exit code and a hint.

/** Base of every error core throws. `hint` is advice that holds for any caller (no command names). */
export class CoreError extends Error {
  constructor(message: string, readonly hint: string | null = null) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the caller passed is wrong (a name, a URL, a value); nothing was sent anywhere. */
export class BadInputError extends CoreError {}

/** Nobody is signed in to `profile`, or its session has ended and cannot be renewed. */
export class NotSignedInError extends CoreError {
  constructor(message: string, readonly profile: string, hint: string | null = null) {
    super(message, hint);
  }
}

/** The person stopped a question (Ctrl-C); nothing more was sent. */
export class CancelledError extends CoreError {}

/** No profile of that name is stored, and no PRACTICE_URL stands in for one. */
export class UnknownProfileError extends BadInputError {
  constructor(readonly profile: string) {
    super(`There is no profile named "${profile}".`);
  }
}

/** The profile (or PRACTICE_URL) has a project URL but no anon key to go with it. */
export class MissingAnonKeyError extends BadInputError {
  constructor(readonly profile: string, readonly projectRoot: string, fromEnvironment = false) {
    // PRACTICE_URL replaces the profile's URL, and a key belongs to one project: the two variables go together.
    super(fromEnvironment
      ? 'PRACTICE_URL is set without PRACTICE_ANON_KEY: the two go together (the anon key of the project at that URL). Set both, or neither to use the profile.'
      : `No anon key for profile ${profile}.`);
  }
}

/** A 2xx/3xx answer whose body should have been JSON and was not: likely not a practice project. */
export class NotJsonResponseError extends CoreError {
  constructor(readonly status: number) {
    super(`The server answered HTTP ${status} with a body that is not JSON.`);
  }
}

/** The local service was started in the background and was gone before it could be used. */
export class LocalServiceStoppedError extends CoreError {
  constructor() {
    super('The practice service started, then stopped at once.');
  }
}

/** The local service already has the CLI's therapist account, but the password for it is not known here. */
export class LocalAccountTakenError extends CoreError {
  constructor(readonly email: string) {
    super(`The local practice service already has the account ${email}, and this CLI does not have its password.`);
  }
}

/** The config file exists but is not the JSON it should be. */
export class DamagedConfigError extends CoreError {
  constructor(readonly path: string) {
    super(`The config file ${path} is damaged.`);
  }
}
