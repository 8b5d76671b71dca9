// Migration 11 (issue 28): the first function `rpc/` serves. A client asks which schema a backend
// has before it calls a function a later migration adds, and can then name the version it lacks.
// The answer is read from practice_private.schema_migrations, which both the server's migrations
// and the files of `practice server schema` fill, so it never needs changing with a new migration
// (a constant would have to be replaced by every one). The bookkeeping is out of the API roles'
// reach, hence security definer, with an empty search_path so nothing the caller creates is used.
import type { Migration } from './migration.js';

export const schemaVersion: Migration = {
  version: 11,
  name: 'practice_schema_version(): the highest migration applied',
  sql: `
create function public.practice_schema_version() returns integer
  language sql stable security definer set search_path = ''
  as $$ select max(version) from practice_private.schema_migrations $$;
comment on function public.practice_schema_version() is 'The highest schema migration applied to this database; a client compares it with the version a function it needs arrived in.';
revoke all on function public.practice_schema_version() from public;
grant execute on function public.practice_schema_version() to anon, authenticated, service_role;
`,
};
