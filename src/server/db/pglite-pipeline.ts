// One API request as one call into PGlite: the identity statement and the request's statement go
// as extended-protocol messages under a single Sync, so they share one implicit transaction.
// PGlite's own query() makes six calls into the WASM engine per statement; this makes one.
import { protocol, types, type PGlite } from '@electric-sql/pglite';
import type { Statement } from './database.js';

const { serialize } = protocol;

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

function statementMessages(statement: Statement, describe: boolean): Uint8Array[] {
  return [
    serialize.parse({ text: statement.text }),
    serialize.bind({ values: statement.values.map(asText) }),
    ...(describe ? [serialize.describe({ type: 'P' })] : []),
    serialize.execute({}),
  ];
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

/** The first row of `statement`, run after `identity` in one transaction; errors throw as from query(). */
export async function runPipelined<Row>(pg: PGlite, identity: Statement, statement: Statement): Promise<Row> {
  const message = concat([...statementMessages(identity, false), ...statementMessages(statement, true), serialize.sync()]);
  // The same two locks PGlite's query() takes, so no other query or transaction interleaves.
  const replies = await pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(() => pg.execProtocolStream(message, { syncToFs: false })),
  );
  await pg.syncToFs();
  const described = replies.findIndex((reply) => reply.name === 'rowDescription');
  const description = replies[described] as unknown as RowDescription;
  const data = replies.slice(described).find((reply) => reply.name === 'dataRow') as unknown as DataRow;
  return Object.fromEntries(
    description.fields.map((field, i) => [field.name, types.parseType(data.fields[i] ?? null, field.dataTypeID, pg.parsers)]),
  ) as Row;
}
