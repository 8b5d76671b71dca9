// Whether the database holds the embedded auth service's accounts and sessions. On a hosted Supabase
// project it does not: migrations 2 and 6 leave Supabase Auth's auth.users alone and create no
// sessions, so accounts and sign-in there are Supabase Auth's, at the project's own URL, and this
// service only verifies the tokens Supabase Auth signs with the project's JWT secret.
import type { CatalogReader } from '../db/catalog-reader.js';
import type { Database } from '../db/database.js';
import { authFailures } from '../errors.js';

/** `embedded`: this service signs up and signs in; `external`: another auth server keeps the accounts. */
export type AccountStore = 'embedded' | 'external';

// A Supabase project has tables of the same names (auth.users, auth.sessions, auth.refresh_tokens)
// with other columns; these three only the embedded service's tables have, so their presence, not
// the tables' names, says whose tables they are.
const EMBEDDED_ONLY = [
  ['auth.users', 'email_identity_id'],
  ['auth.sessions', 'revoked_at'],
  ['auth.refresh_tokens', 'token_hash'],
] as const;

// pg_attribute rather than information_schema: the catalog shows every column whoever the role is.
// The markers are constants, so they are written into the statement as a VALUES list.
const PRESENT = `
  select count(*)::int as found
  from (values ${EMBEDDED_ONLY.map(([relation, column]) => `('${relation}', '${column}')`).join(', ')}) as marker(relation, name)
  join pg_catalog.pg_attribute a
    on a.attrelid = pg_catalog.to_regclass(marker.relation) and a.attname = marker.name and not a.attisdropped`;

/** Read through the embedded database's catalog snapshot at a restart (db/catalog-at-start.ts). */
export async function findAccountStore(catalog: CatalogReader): Promise<AccountStore> {
  const [row] = await catalog.query<{ found: number }>(PRESENT);
  return row?.found === EMBEDDED_ONLY.length ? 'embedded' : 'external';
}

/**
 * The database as the auth routes see it: itself where the accounts are here; elsewhere, one whose
 * every query refuses with Supabase Auth's 4xx (errors.ts), never the 500 of the missing tables.
 */
export function accountDatabase(db: Database, store: AccountStore): Database {
  if (store === 'embedded') return db;
  const refuse = async (): Promise<never> => {
    throw authFailures.accountsElsewhere();
  };
  return { kind: db.kind, query: refuse, exec: refuse, transaction: refuse, runRequest: refuse, close: () => db.close() };
}
