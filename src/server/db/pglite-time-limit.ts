// A time limit on one call into PGlite's engine. The engine runs on Node's own thread, so its
// statement_timeout never fires (its timer needs the thread back) and a runaway statement held every
// other request and SIGTERM with it. V8's watchdog does fire: a call made through `vm` with a
// `timeout` is terminated there, WASM included (measured on PGlite 0.5.16: a regex filter that ran
// 72 s stopped at 1002 ms). The engine is then mid-statement, in no state to go on: its owner
// reopens the data dir (pglite.ts), which recovers it as after a crash.
import { Script } from 'node:vm';

const CALL = Symbol.for('practice.pglite.timedCall');
// One script, compiled once: it calls whatever function is under CALL on the global object.
const SCRIPT = new Script(`globalThis[Symbol.for('practice.pglite.timedCall')]()`);

/** PostgreSQL's query_canceled, as its own statement_timeout reports it (the REST surface's 500, as on PostgreSQL). */
export class StatementTimedOut extends Error {
  readonly code = '57014';
  constructor(readonly limitMs: number) {
    super('canceling statement due to statement timeout');
  }
}

/**
 * Runs `work` and returns what it returns, terminating it once it has held the thread for `limitMs`.
 * Only the synchronous part of `work` is limited (a promise it returns settles later, unlimited):
 * PGlite's engine call is synchronous up to its first await. Each call starts V8's watchdog thread,
 * about 45 µs.
 */
export function withinTimeLimit<T>(work: () => T, limitMs: number): T {
  let result!: T;
  (globalThis as Record<symbol, unknown>)[CALL] = () => {
    result = work();
  };
  try {
    SCRIPT.runInThisContext({ timeout: limitMs });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new StatementTimedOut(limitMs);
    throw err;
  } finally {
    delete (globalThis as Record<symbol, unknown>)[CALL];
  }
  return result;
}
