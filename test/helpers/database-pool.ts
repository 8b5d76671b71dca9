// The migrated databases a test worker keeps between its files. Opening one from the template is
// most of what a server test file costs (PGlite: ~0.7 s of CPU to unpack the template and start
// PostgreSQL's WebAssembly; PostgreSQL: a CREATE DATABASE), and the service is multi-tenant: a file
// that gives each test a practice of its own (test/README.md, "Sharing services") can as well be
// given a database earlier files used. A database goes back only as its catalog was handed out: a
// file that changed the schema (a trigger, a table, a dropped function) leaves its database to no
// one. Row data is the tenants' own, as in production; no test may read another practice's rows.
import type { AccountStore } from '../../src/server/auth/account-store.js';
import type { Database, DatabaseOptions } from '../../src/server/db/database.js';
import type { SchemaCache } from '../../src/server/db/schema-cache.js';
import { catalogFingerprint } from '../../src/server/db/schema-snapshot.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { openTestDatabase, serviceMigrates, testStore, type TestDatabase } from './store.js';

/** A database readied as the service's start readies it, with what that start read of it. */
export interface PreparedDatabase {
  db: Database;
  schema: SchemaCache;
  accountStore: AccountStore;
  /** Done with it: kept for the worker's next file when its catalog is as it was handed out, else dropped. */
  release(): Promise<void>;
}

interface Kept {
  opened: TestDatabase;
  schema: SchemaCache;
  accountStore: AccountStore;
  fingerprint: string;
}

// One list per store: a worker may run the files of more than one project.
const kept = new Map<string, Kept[]>();

/** The database readied as the service's start readies it. */
const ready = (opened: TestDatabase) => prepareDatabase(opened.db, { migrations: serviceMigrates() });

async function prepare(opened: TestDatabase): Promise<Kept> {
  return { opened, ...(await ready(opened)), fingerprint: await catalogFingerprint(opened.db) };
}

async function stillAsHandedOut(entry: Kept): Promise<boolean> {
  try {
    return (await catalogFingerprint(entry.opened.db)) === entry.fingerprint;
  } catch {
    return false; // closed by its test, or broken: not for another file
  }
}

interface Special {
  /** What the store is opened with (statement time limits): a database of the file's own. */
  database?: DatabaseOptions;
  /** SQL run on the migrated database before the service reads it: a database of the file's own. */
  schemaSql?: string;
}

/** A migrated database for a test server: one a finished file gave back, or a new copy of the template. */
export async function borrowDatabase({ database, schemaSql }: Special = {}): Promise<PreparedDatabase> {
  if (database || schemaSql) {
    const opened = await openTestDatabase(database);
    if (schemaSql) await opened.db.exec(schemaSql);
    const { schema, accountStore } = await ready(opened);
    return { db: opened.db, schema, accountStore, release: opened.drop };
  }
  const spares = kept.get(testStore()) ?? [];
  kept.set(testStore(), spares);
  const entry = spares.pop() ?? (await prepare(await openTestDatabase()));
  return {
    db: entry.opened.db,
    schema: entry.schema,
    accountStore: entry.accountStore,
    async release() {
      if (await stillAsHandedOut(entry)) spares.push(entry);
      else await entry.opened.drop().catch(() => {}); // a database its test closed is gone already
    },
  };
}
