// The migrations as plain SQL files in Supabase's layout (supabase/migrations/<timestamp>_<name>.sql),
// for a database the service does not migrate itself: a hosted Supabase project. Each file is the
// Migration's own sql, wrapped so that it applies once, under the same lock and bookkeeping as
// migrate.ts: re-running a file changes nothing, and a service started later sees it applied.
import { BOOKKEEPING, MIGRATION_LOCK } from './migrate.js';
import { migrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

export interface MigrationFile {
  /** `<timestamp>_<name>.sql`; the timestamp is fixed per version, so every run writes the same names. */
  name: string;
  sql: string;
}

// Supabase orders and records migrations by their 14-digit prefix; deriving it from the version
// alone keeps it stable, whenever and wherever the files are written.
const timestampOf = (version: number) => `20260101${String(version).padStart(6, '0')}`;

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** A dollar-quote tag the migration's text does not contain, so its own quoting passes through untouched. */
function quoteTag(base: string, sql: string): string {
  let tag = base;
  while (sql.includes(`$${tag}$`)) tag += '_';
  return `$${tag}$`;
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function fileOf(migration: Migration): MigrationFile {
  // The DO body and the migration's text inside it need two different tags.
  const body = quoteTag(`practice_migration_${migration.version}`, migration.sql);
  const text = quoteTag(`practice_sql_${migration.version}`, migration.sql);
  // One DO statement: it runs in one transaction under psql, `supabase db push` and the SQL editor alike.
  const sql = `-- practice migration ${migration.version}: ${migration.name}
-- Written by \`practice server schema\` from the migration the service applies itself. It runs only
-- if practice_private.schema_migrations lacks version ${migration.version}, and records it when done.
do ${body}
begin
  perform ${MIGRATION_LOCK.replace(/^select /, '')};
  execute ${literal(BOOKKEEPING)};
  if exists (select from practice_private.schema_migrations where version = ${migration.version}) then
    raise notice 'practice migration ${migration.version} is applied already; nothing to do.';
    return;
  end if;
  execute ${text}${migration.sql}${text};
  insert into practice_private.schema_migrations (version, name) values (${migration.version}, ${literal(migration.name)});
end ${body};
`;
  return { name: `${timestampOf(migration.version)}_${slugOf(migration.name)}.sql`, sql };
}

export const migrationFiles = (): MigrationFile[] => migrations.map(fileOf);
