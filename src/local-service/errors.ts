// The failures of starting the local service, apart from the module that starts it so that the CLI's
// error mapping can name them without loading child_process at every start.

/** The background server exited, or printed nothing, before it was listening; `logTail` says why. */
export class BackgroundStartError extends Error {
  constructor(readonly logPath: string, readonly logTail: string) {
    super(`The practice service did not start. Its log (${logPath}) ends with:\n${logTail}`);
    this.name = 'BackgroundStartError';
  }
}

/** Another program listens on the port the service was to take (its kept one, or --port). */
export class PortTakenError extends Error {
  constructor(readonly host: string, readonly port: number) {
    super(`Port ${port} on ${host}, where the practice service listens, is taken by another program.`);
    this.name = 'PortTakenError';
  }
}
