// One API request as one call into PGlite: the identity statement and the request's statement go
// as extended-protocol messages under a single Sync, so they share one implicit transaction.
// PGlite's own query() makes six calls into the WASM engine per statement; this makes one.
import { protocol, types, type PGlite } from '@electric-sql/pglite';
import { LeastRecentlyUsed } from '../lru.js';
import type { Statement } from './database.js';
import { StatementTimedOut, withinTimeLimit } from './pglite-time-limit.js';

const { serialize } = protocol;

// Statements are prepared once per text, as postgres.js does on a server: PostgreSQL then parses
// and plans a request's SQL once, not per request. PGlite is one session, so they persist.
const PREPARED_STATEMENTS = 256;

interface RowDescription {
  name: 'rowDescription';
  fields: Array<{ name: string; dataTypeID: number }>;
}

interface DataRow {
  name: 'dataRow';
  fields: Array<string | null>;
}

/** A PostgreSQL array literal; every item quoted, so `in.(null)` stays the text "null" (PROTOCOL.md 1). */
function arrayLiteral(items: unknown[]): string {
  return `{${items.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/** Parameters travel as text for PostgreSQL to parse against the types the statement casts them to. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return arrayLiteral(value);
  return String(value);
}

/** Thrown by an engine retired after a time-out: nothing ran, and the request may go to its successor. */
export class EngineRetired extends Error {
  constructor() {
    super('the database engine was reopened after a statement ran past its time limit');
  }
}

export interface RunOptions<Row> {
  /** A read changed no files, so only writes are synced to the file system. */
  readOnly?: boolean;
  /** Aborted when the client has gone: a request still waiting for the engine is dropped unrun. */
  signal?: AbortSignal | undefined;
  /** How long the engine may hold Node's thread for this request (pglite-time-limit.ts); null: no limit. */
  timeLimitMs?: number | null;
  /** Decides, seeing the row, whether the write commits: the request then runs in an explicit transaction. */
  commitIf?: ((row: Row) => boolean) | undefined;
}

type Reply = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
/** One call into the engine; `limited`: within the request's time limit (begin and commit need none). */
type Send = (message: Uint8Array, limited?: boolean) => Promise<Reply[]>;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

export class PglitePipeline {
  /** Statement text -> prepared statement name. */
  private readonly prepared = new LeastRecentlyUsed<string, string>(PREPARED_STATEMENTS);
  private nextName = 0;

  constructor(private readonly pg: PGlite) {}

  /**
   * The first row of `statement`, run after `identity` in one transaction; errors throw as from
   * query(). Past its time limit the engine is retired (every later call into it throws
   * EngineRetired) and StatementTimedOut is thrown: its owner opens a new one.
   */
  async run<Row>(identity: Statement, statement: Statement, options: RunOptions<Row> = {}): Promise<Row> {
    const { readOnly = false, signal, timeLimitMs = null, commitIf } = options;
    // Statements pushed out of the cache are closed first, in the same call.
    const closes: Uint8Array[] = [];
    const messages: Uint8Array[] = [];
    const created: Array<[text: string, name: string]> = [];
    const use = (step: Statement, describe: boolean) => {
      let name = this.prepared.get(step.text);
      if (name === undefined) {
        name = `practice_${this.nextName++}`;
        messages.push(serialize.parse({ name, text: step.text }));
        created.push([step.text, name]);
        const evicted = this.prepared.set(step.text, name);
        if (evicted) closes.push(serialize.close({ type: 'S', name: evicted[1] }));
      }
      messages.push(serialize.bind({ statement: name, values: step.values.map(asText) }));
      if (describe) messages.push(serialize.describe({ type: 'P' }));
      messages.push(serialize.execute({}));
    };
    use(identity, false);
    use(statement, true);
    const request = concat([...closes, ...messages, serialize.sync()]);

    let row: Row;
    try {
      row = await this.exclusive(async (send) => {
        // Behind a long statement, requests pile up; those whose clients gave up need not run.
        signal?.throwIfAborted();
        if (!commitIf) return this.rowOf<Row>(await send(request));
        // A Sync inside an explicit transaction does not end it: the row decides between the two.
        await send(serialize.query('begin'), false);
        let found: Row;
        try {
          found = this.rowOf<Row>(await send(request));
        } catch (err) {
          if (!(err instanceof StatementTimedOut)) await send(serialize.query('rollback'), false);
          throw err;
        }
        await send(serialize.query(commitIf(found) ? 'commit' : 'rollback'), false);
        return found;
      }, timeLimitMs);
    } catch (err) {
      if (err instanceof StatementTimedOut || err instanceof EngineRetired) throw err;
      // A failure may have come before or after a new statement's Parse: forget and close them all
      // (closing a statement that does not exist is no error), so no name points at nothing.
      for (const [text] of created) this.prepared.delete(text);
      await this.exclusive((send) => send(concat([...created.map(([, name]) => serialize.close({ type: 'S', name })), serialize.sync()])));
      throw err;
    }
    if (!readOnly) await this.pg.syncToFs();
    return row;
  }

  private rowOf<Row>(replies: Reply[]): Row {
    const described = replies.findIndex((reply) => reply.name === 'rowDescription');
    const description = replies[described] as unknown as RowDescription;
    const data = replies.slice(described).find((reply) => reply.name === 'dataRow') as unknown as DataRow;
    return Object.fromEntries(
      description.fields.map((field, i) => [field.name, types.parseType(data.fields[i] ?? null, field.dataTypeID, this.pg.parsers)]),
    ) as Row;
  }

  /**
   * `work` holding the same two locks PGlite's query() takes, so no other query or transaction
   * interleaves; each message it sends is one call into the engine, within `timeLimitMs`. These are
   * PGlite's private methods: package.json pins its exact version, and
   * test/unit/pglite-pipeline.test.ts fails first if an upgrade renames or drops them.
   */
  private exclusive<T>(work: (send: Send) => Promise<T>, timeLimitMs: number | null = null): Promise<T> {
    const send: Send = (message, limited = true) => {
      const call = () => this.pg.execProtocolStream(message, { syncToFs: false });
      if (timeLimitMs === null || !limited) return call();
      try {
        return withinTimeLimit(call, timeLimitMs);
      } catch (err) {
        // Terminated mid-statement, the engine is in no state to go on. Retired here, before the
        // locks are let go, so no request queued behind this one reaches it.
        if (err instanceof StatementTimedOut) retire(this.pg);
        throw err;
      }
    };
    return this.pg._runExclusiveTransaction(() => this.pg._runExclusiveQuery(() => work(send)));
  }
}

/** Every later call into `pg`'s engine throws EngineRetired, before it runs anything. */
function retire(pg: PGlite): void {
  Object.defineProperty(pg, 'execProtocolRawSync', {
    value: () => {
      throw new EngineRetired();
    },
  });
}
