// Readies a database for serving: versioned migrations (or, with them off, the check that someone
// applied them all), the refusal to serve without row-level security, then the schema cache the
// REST planner works from.
import { assertMigrated } from './db/assert-migrated.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { loadSchemaCache, type SchemaCache } from './db/schema-cache.js';
import { assertRowLevelSecurity } from './db/verify-security.js';

export async function prepareDatabase(db: Database, { migrations = true }: { migrations?: boolean } = {}): Promise<SchemaCache> {
  await (migrations ? migrate(db) : assertMigrated(db));
  await assertRowLevelSecurity(db);
  return loadSchemaCache(db);
}
