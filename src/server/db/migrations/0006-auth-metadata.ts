// Migration 6: what supabase-js reads of a user beyond its email: user_metadata (PUT /auth/v1/user
// `data`), app_metadata, the id of its email identity; and auth.jwt(), the request's claims in SQL.
import type { Migration } from './migration.js';

// Supabase Auth's column names. On a Supabase project the auth schema is its auth service's, which
// has them (and auth.jwt()) already: each is added only where missing, so nothing there changes.
export const authMetadata: Migration = {
  version: 6,
  name: 'auth metadata and auth.jwt()',
  sql: `
do $migration$
begin
  if not exists (select from information_schema.columns
                 where table_schema = 'auth' and table_name = 'users' and column_name = 'raw_user_meta_data') then
    alter table auth.users
      add column raw_user_meta_data jsonb not null default '{}'::jsonb,
      add column raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}'::jsonb,
      add column email_identity_id uuid not null default gen_random_uuid();
    comment on column auth.users.raw_user_meta_data is 'user_metadata: what the user sets with PUT /auth/v1/user {data}.';
    comment on column auth.users.raw_app_meta_data is 'app_metadata: set by the service, never by the user.';
    comment on column auth.users.email_identity_id is 'identity_id of the account''s one identity, its email.';
  end if;
  if pg_catalog.to_regprocedure('auth.jwt()') is null then
    -- Supabase Auth's own definition: the claims of the request's JWT, or the older per-claim setting.
    create function auth.jwt() returns jsonb
    language sql stable
    as $jwt$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claim', true), ''),
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')
      )::jsonb
    $jwt$;
    comment on function auth.jwt() is 'The claims of the JWT the request carries, as jsonb, or null.';
  end if;
end $migration$;`,
};
