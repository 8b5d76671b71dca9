// practice_schema_version() (migration 11) in plpgsql, same signature, security, search_path and
// grants. The SQL version, with its aggregate, cannot be inlined and is planned anew on each call;
// plpgsql keeps its plan per connection (pgbench: 2,484-2,598 calls/s against 1,232-1,418). It still
// reads practice_private.schema_migrations, so it answers 22 once this migration is recorded.

export const schemaVersionPlpgsql = `
create or replace function public.practice_schema_version() returns integer
  language plpgsql stable security definer set search_path = ''
  as $$ begin return (select max(version) from practice_private.schema_migrations); end $$;
comment on function public.practice_schema_version() is 'The highest schema migration applied to this database; a client compares it with the version a function it needs arrived in.';
revoke all on function public.practice_schema_version() from public;
grant execute on function public.practice_schema_version() to anon, authenticated, service_role;
`;
