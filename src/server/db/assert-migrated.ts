// For a service started with its migrations off (`server start --no-migrate`): the schema was
// applied by someone else, such as `supabase db push` of `practice server schema`'s files, and the
// service refuses to serve a database that lacks any of its versions rather than migrate it.
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

const HOW_TO_APPLY = 'Apply the files of `practice server schema` to it first, or start the service without --no-migrate (and PRACTICE_SKIP_MIGRATIONS unset or 0).';

export async function assertMigrated(db: Database): Promise<void> {
  const [found] = await db.query<{ ready: boolean }>(
    `select to_regclass('practice_private.schema_migrations') is not null as ready`,
  );
  if (!found?.ready) throw new Error(`The database has no practice schema (practice_private.schema_migrations is missing). ${HOW_TO_APPLY}`);
  const rows = await db.query<{ version: number }>('select version from practice_private.schema_migrations');
  const applied = new Set(rows.map((row) => Number(row.version)));
  const missing = migrations.filter((migration) => !applied.has(migration.version));
  if (missing.length > 0) {
    const names = missing.map((migration) => `${migration.version} (${migration.name})`).join(', ');
    throw new Error(`The database lacks migration${missing.length === 1 ? '' : 's'} ${names}. ${HOW_TO_APPLY}`);
  }
}
