// Migration 2: the embedded auth service's accounts, sessions and refresh tokens, in schema auth,
// where no API role (anon, authenticated, service_role) holds any privilege on them.
import type { Migration } from './migration.js';

// The layout follows Supabase Auth's (users, sessions, refresh_tokens) so it reads familiarly, but
// a refresh token is kept only as its SHA-256 digest: a copy of the database signs nobody in.
const tables = `
create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_check check (email = lower(btrim(email)) and email <> '')
);
create unique index users_email_key on auth.users (email);
comment on table auth.users is 'Accounts of the embedded auth service; a user''s id is the therapist_id of their practice.';
comment on column auth.users.encrypted_password is 'scrypt$<log2 N>$<r>$<p>$<salt>$<hash>, base64url.';

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);
create index sessions_user_id on auth.sessions (user_id);
comment on table auth.sessions is 'One sign-in, and the family of refresh tokens rotated from it. Signing out deletes it.';
comment on column auth.sessions.revoked_at is 'Set when a rotated refresh token was used again after the grace interval: the whole family is dead.';

create table auth.refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index refresh_tokens_token_hash_key on auth.refresh_tokens (token_hash);
create index refresh_tokens_session_id on auth.refresh_tokens (session_id);
comment on column auth.refresh_tokens.token_hash is 'Hex SHA-256 of the token; the token itself is never stored.';
comment on column auth.refresh_tokens.revoked_at is 'When the token was rotated (exchanged for its successor).';

revoke all on auth.users, auth.sessions, auth.refresh_tokens from public, anon, authenticated, service_role;
`;

// On a Supabase project the auth schema is its auth service's, with tables of these names: there
// the embedded service is not used, and the migration leaves that schema alone.
export const authAccounts: Migration = {
  version: 2,
  name: 'auth accounts',
  sql: `
do $migration$
begin
  if pg_catalog.to_regclass('auth.users') is null then
    execute $tables$${tables}$tables$;
  end if;
end $migration$;`,
};
