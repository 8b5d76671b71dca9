// Readies a database for serving: versioned migrations (or, with them off, the check that someone
// applied them all), the refusal to serve without row-level security, then what the service reads
// of it once, at start: the schema cache the REST planner works from, and whose the accounts are.
import { assertMigrated } from './db/assert-migrated.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { readCatalogAtStart, type CatalogAtStart } from './db/catalog-at-start.js';
import { readThroughSnapshot } from './db/schema-snapshot.js';

interface PrepareOptions {
  /** false: the schema was applied by someone else; check that it was, migrate nothing. */
  migrations?: boolean;
  /** A file that keeps the catalog rows a start reads between starts (the embedded database's own). */
  schemaSnapshot?: string | undefined;
}

export async function prepareDatabase(db: Database, { migrations = true, schemaSnapshot }: PrepareOptions = {}): Promise<CatalogAtStart> {
  await (migrations ? migrate(db) : assertMigrated(db));
  return schemaSnapshot ? readThroughSnapshot(db, schemaSnapshot, readCatalogAtStart) : readCatalogAtStart(db);
}
