// The catalog rows a start reads (the security check's and the schema cache's, catalog-at-start.ts),
// kept in a file beside the embedded database: a restart of the service reads one fingerprint of the
// catalog instead of every table, key, function and request role (bench/start: ~75 ms of a ~660 ms
// restart for the schema cache, ~25-60 ms more for the security check). The fingerprint is the row
// count and newest row version of each catalog those rows come from, so a migration, a restored
// backup or any DDL makes the next start read the catalog afresh. A file that is missing,
// unreadable or stale is a miss, never a failed start: it is a cache.
import { promises as fsp } from 'node:fs';
import { writeFileAtomically } from '../../fs/atomic-files.js';
import type { Database } from './database.js';
import type { CatalogReader } from './catalog-reader.js';

const CATALOGS = [
  'pg_namespace', 'pg_class', 'pg_attribute', 'pg_attrdef', 'pg_index', 'pg_constraint', 'pg_description',
  'pg_proc', 'pg_type', 'pg_auth_members', 'pg_authid',
];

// A catalog's newest row version without writing each row's xid as text (xid has no order, and
// `max(xmin::text::bigint)` was half the query's cost, most of it in a restart's cold WASM): the
// smallest age() of its rows, taken from the age() of xid 3, both counted from the same moment, so
// the difference stays put as transactions go on. age() is INT_MAX for the frozen and bootstrap
// xids, which never change. After xid wraparound it may shift once: a miss, as a cache may have.
const NEWEST_ROW_VERSION = `coalesce(pg_catalog.age('3'::xid)::bigint - min(pg_catalog.age(xmin)) filter (where pg_catalog.age(xmin) < 2147483647), 0)`;

const FINGERPRINT = `select array[${CATALOGS.map(
  (catalog) => `(select count(*) || '.' || ${NEWEST_ROW_VERSION} from pg_catalog.${catalog})`,
).join(', ')}]::text as fingerprint`;

interface Snapshot {
  fingerprint: string;
  /** The rows of each catalog query, by its SQL text: a query the code no longer asks is not kept. */
  rows: Record<string, unknown[]>;
}

async function readSnapshot(file: string): Promise<Snapshot | null> {
  try {
    const parsed = JSON.parse(await fsp.readFile(file, 'utf8')) as Partial<Snapshot>;
    return typeof parsed.fingerprint === 'string' && parsed.rows && typeof parsed.rows === 'object' ? (parsed as Snapshot) : null;
  } catch {
    return null;
  }
}

interface SnapshotReader extends CatalogReader {
  /** Writes what this start read from the database, when the file did not already hold exactly that. */
  save(): Promise<void>;
}

/** What changes whenever the catalog does: any DDL, a migration, a restored backup. */
export async function catalogFingerprint(db: Database): Promise<string> {
  const [{ fingerprint }] = (await db.query<{ fingerprint: string }>(FINGERPRINT)) as [{ fingerprint: string }];
  return fingerprint;
}

async function catalogSnapshot(db: Database, file: string): Promise<SnapshotReader> {
  const fingerprint = await catalogFingerprint(db);
  const saved = await readSnapshot(file);
  const kept = saved?.fingerprint === fingerprint ? saved.rows : {};
  const read: Record<string, unknown[]> = {};
  return {
    async query<Row>(sql: string): Promise<Row[]> {
      read[sql] = kept[sql] ?? (await db.query<Row>(sql));
      return read[sql] as Row[];
    },
    async save() {
      const unchanged = Object.keys(read).length === Object.keys(kept).length && Object.keys(read).every((sql) => sql in kept);
      if (unchanged) return;
      // Not flushed to disk: a snapshot lost in a crash costs the next start its catalog queries, no more.
      await writeFileAtomically(file, JSON.stringify({ fingerprint, rows: read } satisfies Snapshot), { durable: false }).catch(() => {});
    },
  };
}

/** What `read` makes of the catalog, read through the snapshot in `file`, which is written again when it was stale. */
export async function readThroughSnapshot<T>(db: Database, file: string, read: (catalog: CatalogReader) => Promise<T>): Promise<T> {
  const snapshot = await catalogSnapshot(db, file);
  const result = await read(snapshot);
  await snapshot.save();
  return result;
}
