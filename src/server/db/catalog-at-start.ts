// What a start of the service reads of the catalog, from the database or through the embedded
// one's snapshot (schema-snapshot.ts): the refusal to serve without row-level security, then the
// schema cache the REST planner works from and whose the accounts are.
import { findAccountStore, type AccountStore } from '../auth/account-store.js';
import type { CatalogReader } from './catalog-reader.js';
import { loadSchemaCache, type SchemaCache } from './schema-cache.js';
import { assertRowLevelSecurity } from './verify-security.js';

export interface CatalogAtStart {
  schema: SchemaCache;
  /** Where /auth/v1 finds accounts: in this database, or with the project's Supabase Auth. */
  accountStore: AccountStore;
}

export async function readCatalogAtStart(catalog: CatalogReader): Promise<CatalogAtStart> {
  await assertRowLevelSecurity(catalog);
  const [schema, accountStore] = await Promise.all([loadSchemaCache(catalog), findAccountStore(catalog)]);
  return { schema, accountStore };
}
