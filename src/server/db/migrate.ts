// Versioned migrations: the pending ones apply in order, each in one transaction together with
// its row in practice_private.schema_migrations, so any number of servers may start at once.
import type { Database, OwnerTransaction } from './database.js';
import { migrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

// Any constant serves, as long as every instance uses the same one. The lock is taken inside each
// migration's transaction and released by its commit or rollback, so a crash never leaves it held.
export const MIGRATION_LOCK = 'select pg_advisory_xact_lock(8351920467)';

// Under the lock: `if not exists` alone races when two servers create the schema at once.
export const BOOKKEEPING = `
  create schema if not exists practice_private;
  comment on schema practice_private is 'Server internals (migrations, trigger functions); no API role may use it.';
  create table if not exists practice_private.schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  );`;

async function ensureBookkeeping(db: Database): Promise<void> {
  const [found] = await db.query<{ ready: boolean }>(
    `select to_regclass('practice_private.schema_migrations') is not null as ready`,
  );
  if (found?.ready) return;
  await db.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK);
    await tx.exec(BOOKKEEPING);
  });
}

/** Applies one migration unless another instance did while this one waited for the lock. */
async function apply(tx: OwnerTransaction, migration: Migration): Promise<void> {
  await tx.query(MIGRATION_LOCK);
  // The claim comes first: a conflict means the version was committed by the instance that held
  // the lock before us, and there is nothing left to do.
  const claimed = await tx.query(
    `insert into practice_private.schema_migrations (version, name) values ($1, $2)
     on conflict (version) do nothing returning version`,
    [migration.version, migration.name],
  );
  if (claimed.length === 0) return;
  await tx.exec(migration.sql);
}

/** Applies the pending migrations; `through` stops after that version (a test's older schema). */
export async function migrate(db: Database, { through = Infinity }: { through?: number } = {}): Promise<void> {
  await ensureBookkeeping(db);
  const rows = await db.query<{ version: number }>('select version from practice_private.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of migrations) {
    if (migration.version > through) break;
    if (applied.has(migration.version)) continue;
    try {
      await db.transaction((tx) => apply(tx, migration));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`Migration ${migration.version} (${migration.name}) failed and was rolled back: ${reason}`, {
        cause: err,
      });
    }
  }
}
