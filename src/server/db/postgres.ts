// Database over a PostgreSQL server through postgres.js. Each API request is pipelined on one
// connection of its own: BEGIN, identity, statement (and COMMIT for reads) leave in one round trip.
import postgres from 'postgres';
import {
  DEFAULT_STATEMENT_TIMEOUTS, statementTimeoutOf, type ApiRequest, type Database, type DatabaseOptions, type OwnerTransaction,
} from './database.js';
import { FairShares, fairShareLimits } from './fair-shares.js';
import { identityStatement } from './identity-sql.js';
import { WarmestFirst } from './warmest-first.js';

// Filter and body values reach the store as text for PostgreSQL to parse, as PostgREST sends them.
// postgres.js would convert text by the parameter's type first: JSON text into a JSON string,
// 'true' into false for a boolean, a date through JS Date (which throws on a bad one, a 500 instead
// of 22007). Text passes through unchanged, as on PGlite; other values convert as postgres.js does.
const textOr = (serialize: (value: unknown) => unknown) => (value: unknown) =>
  typeof value === 'string' ? value : serialize(value);

/**
 * Calls `cancel` when `signal` aborts, until the function returned is called. One listener per
 * signal, kept until it aborts: the service's signal is its client connection's (app.ts), which
 * carries request after request, and an EventTarget listener added and removed per request cost
 * as much as postgres.js's own work for it (bench/server, issue 28.7).
 */
const cancelsBySignal = new WeakMap<AbortSignal, Set<() => void>>();
function whileRunning(signal: AbortSignal, cancel: () => void): () => void {
  let cancels = cancelsBySignal.get(signal);
  if (cancels === undefined) {
    const registered = new Set<() => void>();
    signal.addEventListener('abort', () => registered.forEach((run) => run()), { once: true });
    cancelsBySignal.set(signal, registered);
    cancels = registered;
  }
  cancels.add(cancel);
  return () => cancels.delete(cancel);
}

export function openPostgres(url: string, options: DatabaseOptions = {}, maxConnections = 10): Database {
  const statementTimeouts = options.statementTimeouts ?? DEFAULT_STATEMENT_TIMEOUTS;
  const shares = new FairShares(fairShareLimits(maxConnections));
  // A client of one connection each, lent to one borrower at a time (warmest-first.ts): BEGIN may
  // then be pipelined on it without reserving, and a client whose connection closed opens another.
  const clients = Array.from({ length: maxConnections }, () => postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { TimeZone: 'UTC', application_name: 'practice' },
    // Bodies come back as text built by the database; nothing else needs parsing.
    transform: { undefined: null },
    types: {
      json: { to: 114, from: [114, 3802], serialize: textOr(JSON.stringify), parse: (raw: string) => JSON.parse(raw) as unknown },
      boolean: { to: 16, from: [16], serialize: textOr((value) => (value === true ? 't' : 'f')), parse: (raw: string) => raw === 't' },
      date: {
        to: 1184,
        from: [1082, 1114, 1184],
        serialize: textOr((value) => (value instanceof Date ? value : new Date(value as string)).toISOString()),
        parse: (raw: string) => new Date(raw),
      },
    },
  }));
  const pool = new WarmestFirst(clients);
  async function borrowing<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
    const sql = await pool.take();
    try {
      return await work(sql);
    } finally {
      pool.giveBack(sql);
    }
  }

  return {
    kind: 'postgres',
    query<Row>(text: string, values: unknown[] = []) {
      return borrowing(async (sql) => (await sql.unsafe(text, values as never[])) as unknown as Row[]);
    },
    exec(script: string) {
      return borrowing(async (sql) => {
        await sql.unsafe(script).simple();
      });
    },
    transaction<T>(work: (tx: OwnerTransaction) => Promise<T>) {
      // postgres.js types begin()'s result as the callback's unwrapped value; it is T here.
      return borrowing(async (sql) => (await sql.begin((tx) =>
        work({
          async query<Row>(text: string, values: unknown[] = []) {
            return (await tx.unsafe(text, values as never[])) as unknown as Row[];
          },
          async exec(script: string) {
            await tx.unsafe(script).simple();
          },
        }),
      )) as T);
    },
    async runRequest<Row>(request: ApiRequest<Row>) {
      const release = await shares.acquire(request.identity.userId ?? request.identity.role, request.signal);
      try {
        return await borrowing((connection) => runOn(connection, request));
      } finally {
        release();
      }
    },
    async close() {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 5 })));
    },
  };

  /** One request on a connection of its own, once its user's share allows. */
  async function runOn<Row>(connection: postgres.Sql, request: ApiRequest<Row>): Promise<Row> {
    let stopWatching: (() => void) | undefined;
    let cancelling: Promise<void> | undefined;
    try {
      const timeout = statementTimeoutOf(statementTimeouts, request.identity.role);
      const identity = identityStatement(request.identity, request.readOnly, timeout);
      // Prepared: PostgreSQL parses and plans each statement text once per connection, not per
      // request (postgres.js sends unsafe() queries unprepared unless asked).
      const identitySet = connection.unsafe(identity.text, identity.values, { prepare: true });
      const statement = connection.unsafe(request.statement.text, request.statement.values as never[], { prepare: true });
      const pipelined = [connection.unsafe('begin'), identitySet, statement];
      // Without a commit decision the COMMIT joins the pipeline; after a failed statement
      // PostgreSQL turns it into a ROLLBACK by itself.
      if (!request.commitIf) pipelined.push(connection.unsafe('commit'));
      // Sent in this order: postgres.js sends a query when it is first awaited.
      const settling = Promise.allSettled(pipelined);
      // A client that has gone reads no answer: its statement stops holding a connection. Only
      // once the statement runs: postgres.js leaves a pipelined query cancelled before its turn
      // unsettled for ever (its rows go to the next query), which held the connection and the
      // user's fair share, and stalled every later request of that user.
      const cancel = () => {
        cancelling = Promise.resolve(statement.cancel()).catch(() => {});
      };
      const cancelOnAbort = () => void identitySet.then(cancel, cancel);
      if (request.signal?.aborted) cancelOnAbort();
      else if (request.signal) stopWatching = whileRunning(request.signal, cancelOnAbort);
      const settled = await settling;
      const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failure) {
        if (request.commitIf) await connection.unsafe('rollback');
        throw failure.reason;
      }
      const rows = (settled[2] as PromiseFulfilledResult<unknown>).value as Row[];
      const row = rows[0] as Row;
      if (request.commitIf) await connection.unsafe(request.commitIf(row) ? 'commit' : 'rollback');
      return row;
    } finally {
      stopWatching?.();
      // The connection goes to the next request once PostgreSQL has taken the cancel request: by
      // then it has signalled this backend, and a cancel that finds it idle does nothing. Sooner, it
      // could stop the next request's statement, which the pool sends to this warm backend first.
      await cancelling;
    }
  }
}
