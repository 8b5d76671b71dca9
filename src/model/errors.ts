// The failures of the domain layer, thrown by its parsers and checks and never caught here.
// The CLI maps them to exit codes: bad input to 2 (nothing was sent), a refused transition like a 409.

/** Base of every error src/model throws, so the CLI can tell them from bugs. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Text the user typed does not have an accepted form; the message names the expected form. */
export class InvalidInputError extends ModelError {}

/** An id prefix that matches none of the ids it was checked against. */
export class UnknownIdError extends InvalidInputError {
  constructor(readonly prefix: string, readonly what: string) {
    super(`no ${what} has an id starting with ${prefix}`);
  }
}

/** An id prefix that matches several ids; `candidates` lists them so the user can pick a longer one. */
export class AmbiguousIdError extends InvalidInputError {
  constructor(readonly prefix: string, readonly what: string, readonly candidates: readonly string[]) {
    super(`${prefix} matches ${candidates.length} ${what} ids: ${candidates.join(', ')}`);
  }
}

/** An appointment status change the transition table does not allow (the server would answer 409); statuses in words (`no-show`). */
export class InvalidTransitionError extends ModelError {
  constructor(readonly from: string, readonly to: string, readonly allowed: readonly string[]) {
    super(
      from === to
        ? `the appointment is already ${from}`
        : `an appointment that is ${from} cannot become ${to}; allowed next: ${allowed.join(', ')}`,
    );
  }
}
