// The audit trail's table: one row per change (written by the triggers of audit-triggers.ts) or read
// of clinical notes, export or backup (written by the service), each practice's rows a hash chain.
// Append-only for every role a request runs as: the API roles may only read their own practice's.

export const auditLog = `
create table public.audit_log (
  id bigint not null,
  therapist_id uuid not null,
  at timestamptz not null default pg_catalog.clock_timestamp(),
  actor uuid,
  actor_role text not null,
  via text not null,
  client_info text,
  table_name text not null,
  row_id text,
  client_id uuid,
  action text not null,
  changes jsonb,
  prev_hash text not null,
  hash text not null,
  constraint audit_log_pkey primary key (therapist_id, id),
  constraint audit_log_via_check check (via in ('cli', 'mcp', 'web', 'api', 'import', 'sql')),
  constraint audit_log_action_check check (action in ('insert', 'update', 'delete', 'read', 'export', 'backup', 'erase'))
);
-- "Everything about this client" (client export, client show's last access, audit --client).
create index audit_log_client on public.audit_log (therapist_id, client_id, id) where client_id is not null;
comment on table public.audit_log is 'Who did what to which row, through what, when: written by the database''s triggers and the service, never by a request. Each practice''s rows form a SHA-256 chain (audit_chain_breaks shows where it breaks).';
comment on column public.audit_log.id is 'Position in the practice''s chain: 1, 2, 3, ... without gaps.';
comment on column public.audit_log.actor is 'The user id (JWT sub) of the request; null for the service key and for direct database sessions.';
comment on column public.audit_log.actor_role is 'The role the request ran as (authenticated, service_role), or the database user of a direct session.';
comment on column public.audit_log.via is 'cli, mcp, web (supabase-js), import, api (any other HTTP client), sql (a direct database session): from the X-Client-Info header.';
comment on column public.audit_log.client_info is 'The X-Client-Info header as sent, e.g. practice-cli/1.2.0.';
comment on column public.audit_log.row_id is 'The id of the row changed; null for a read or export of several rows.';
comment on column public.audit_log.client_id is 'The client the row is about, when it is about one.';
comment on column public.audit_log.changes is 'insert: {column: {new}}; update: the changed columns {column: {old, new}}; delete: {column: {old}}; read: {rows, query}.';
comment on column public.audit_log.prev_hash is 'The hash of the practice''s previous row (64 zeros for its first).';
comment on column public.audit_log.hash is 'sha256 of prev_hash and this row''s fields (public.audit_entry_hash).';

-- The one definition of a row's hash: the chain is written with it and checked with it. Every name
-- in it is qualified; no pinned search_path, which would cost a setting's save and restore per row.
create function public.audit_entry_hash(entry public.audit_log) returns text
language sql immutable parallel safe as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.jsonb_build_array(
    entry.prev_hash, entry.id, entry.therapist_id, (extract(epoch from entry.at) * 1000000)::bigint,
    entry.actor, entry.actor_role, entry.via, entry.client_info, entry.table_name, entry.row_id,
    entry.client_id, entry.action, entry.changes)::text, 'UTF8')), 'hex')
$$;
comment on function public.audit_entry_hash(public.audit_log) is 'The SHA-256 (hex) an audit row must carry, given its fields and prev_hash.';

-- Where each practice's chain does not hold, first row first: a row whose hash does not match its
-- fields (changed), that does not name the hash before it, or whose position skips (removed).
create view public.audit_chain_breaks with (security_invoker = true) as
select therapist_id, id, at, table_name, action,
  case
    when hash is distinct from public.audit_entry_hash(entry) then 'its fields do not match its hash: it was changed'
    when id <> coalesce(previous_id, 0) + 1 then 'rows before it are missing'
    when prev_hash is distinct from coalesce(previous_hash, pg_catalog.repeat('0', 64)) then 'it does not follow the row before it'
  end as problem
from (
  select entry.*, entry as entry,
    pg_catalog.lag(entry.id) over chain as previous_id,
    pg_catalog.lag(entry.hash) over chain as previous_hash
  from public.audit_log entry
  window chain as (partition by entry.therapist_id order by entry.id)
) chained
where hash is distinct from public.audit_entry_hash(entry)
   or id <> coalesce(previous_id, 0) + 1
   or prev_hash is distinct from coalesce(previous_hash, pg_catalog.repeat('0', 64));
comment on view public.audit_chain_breaks is 'The audit rows where the practice''s hash chain breaks; empty when the trail is intact.';

alter table public.audit_log enable row level security;
alter table public.audit_log force row level security;
create policy own_practice on public.audit_log for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
-- The writer of the trail is the owner, through the SECURITY DEFINER functions of audit-triggers.ts,
-- for any practice (service_role's writes carry no auth.uid()). Forced RLS applies to the owner, so
-- it gets this policy; no API role is a member of the owner.
do $writer$
begin
  execute pg_catalog.format('create policy trail_writer on public.audit_log for all to %I using (true) with check (true)', current_user);
end $writer$;
revoke all on public.audit_log, public.audit_chain_breaks from anon, authenticated, service_role;
grant select on public.audit_log, public.audit_chain_breaks to anon, authenticated, service_role;

-- Not even the owner changes a row over SQL without turning this off first (and then the chain
-- shows it). Requests never get this far: they hold no privilege but select.
create function practice_private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'the audit trail is append-only: its rows are never changed or removed'
    using errcode = '42501', hint = 'Nothing was changed.';
end $$;
create trigger append_only before update or delete on public.audit_log
  for each statement execute function practice_private.refuse_audit_change();
create trigger append_only_truncate before truncate on public.audit_log
  for each statement execute function practice_private.refuse_audit_change();
`;
