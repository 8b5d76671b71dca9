// Who a request is, inside the database: the API roles (as Supabase names them) and auth.uid(),
// the user id of the request's JWT, which every table's therapist_id defaults to.

export const identity = `
-- Roles are cluster-wide on PostgreSQL and already exist on hosted Supabase, so each is created
-- only when missing. Another database of the same cluster may be migrating at this moment (the
-- migration lock is per database), hence the duplicate errors are taken as "created already".
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select from pg_catalog.pg_roles where rolname = api_role) then
      begin
        execute format('create role %I nologin noinherit%s', api_role,
          case api_role when 'service_role' then ' bypassrls' else '' end);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
    -- The owner switches to these roles for each request (set_config('role', ...)). A superuser
    -- is a member of every role already, so this grants only where it is needed.
    if not pg_catalog.pg_has_role(current_user, api_role, 'MEMBER') then
      execute format('grant %I to current_user', api_role);
    end if;
  end loop;
end $$;

-- btree_gist lets the exclusion constraints compare therapist_id and day_of_week with =.
-- Supabase keeps extensions in their own schema; the operator classes are found wherever they are.
create schema if not exists extensions;
create extension if not exists btree_gist with schema extensions;

-- On Supabase the auth schema and auth.uid() belong to its auth service: leave them as they are.
do $$
begin
  if not exists (select from pg_catalog.pg_namespace where nspname = 'auth') then
    create schema auth;
    grant usage on schema auth to anon, authenticated, service_role;
  end if;
  if pg_catalog.to_regprocedure('auth.uid()') is null then
    -- The same definition as Supabase's: the sub claim, or the claim setting older PostgREST used.
    create function auth.uid() returns uuid
    language sql stable
    as $uid$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
      )::uuid
    $uid$;
    comment on function auth.uid() is 'The id of the user whose JWT the request carries (its sub claim), or null.';
  end if;
end $$;
`;
