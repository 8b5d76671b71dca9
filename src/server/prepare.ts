// Readies a database for serving: versioned migrations, the refusal to serve without row-level
// security, then the schema cache the REST planner works from.
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { loadSchemaCache, type SchemaCache } from './db/schema-cache.js';
import { assertRowLevelSecurity } from './db/verify-security.js';

export async function prepareDatabase(db: Database): Promise<SchemaCache> {
  await migrate(db);
  await assertRowLevelSecurity(db);
  return loadSchemaCache(db);
}
