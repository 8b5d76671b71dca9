// What a start of the service reads of the catalog, from the database or through the embedded
// one's snapshot (schema-snapshot.ts): the refusal to serve without row-level security, then the
// schema cache the REST planner works from.
import type { CatalogReader } from './catalog-reader.js';
import { loadSchemaCache, type SchemaCache } from './schema-cache.js';
import { assertRowLevelSecurity } from './verify-security.js';

export async function readCatalogAtStart(catalog: CatalogReader): Promise<SchemaCache> {
  await assertRowLevelSecurity(catalog);
  return loadSchemaCache(catalog);
}
