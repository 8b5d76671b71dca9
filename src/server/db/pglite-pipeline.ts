// One API request as one call into PGlite: the identity statement and the request's statement go
// as extended-protocol messages under a single Sync, so they share one implicit transaction.
// PGlite's own query() makes six calls into the WASM engine per statement; this makes one.
import { protocol, types, type PGlite } from '@electric-sql/pglite';
import { LeastRecentlyUsed } from '../lru.js';
import type { Statement } from './database.js';

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
   * query(). A read-only request changed no files, so only writes are synced to the file system.
   * A request whose `signal` aborted while it waited for the engine is dropped unrun.
   */
  async run<Row>(identity: Statement, statement: Statement, readOnly = false, signal?: AbortSignal): Promise<Row> {
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

    let replies;
    try {
      replies = await this.exclusive(concat([...closes, ...messages, serialize.sync()]), signal);
    } catch (err) {
      // A failure may have come before or after a new statement's Parse: forget and close them all
      // (closing a statement that does not exist is no error), so no name points at nothing.
      for (const [text] of created) this.prepared.delete(text);
      await this.exclusive(concat([...created.map(([, name]) => serialize.close({ type: 'S', name })), serialize.sync()]));
      throw err;
    }
    if (!readOnly) await this.pg.syncToFs();
    const described = replies.findIndex((reply) => reply.name === 'rowDescription');
    const description = replies[described] as unknown as RowDescription;
    const data = replies.slice(described).find((reply) => reply.name === 'dataRow') as unknown as DataRow;
    return Object.fromEntries(
      description.fields.map((field, i) => [field.name, types.parseType(data.fields[i] ?? null, field.dataTypeID, this.pg.parsers)]),
    ) as Row;
  }

  /**
   * The same two locks PGlite's query() takes, so no other query or transaction interleaves. These
   * are PGlite's private methods: package.json pins its exact version, and
   * test/unit/pglite-pipeline.test.ts fails first if an upgrade renames or drops them.
   */
  private exclusive(message: Uint8Array, signal?: AbortSignal) {
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        // Behind a long statement, requests pile up; those whose clients gave up need not run.
        signal?.throwIfAborted();
        return this.pg.execProtocolStream(message, { syncToFs: false });
      }),
    );
  }
}
