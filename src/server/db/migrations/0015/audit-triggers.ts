// Writing the audit trail: audit_append puts one row at the end of a practice's chain, and every
// practice table's trigger calls it for each row inserted, updated or deleted, naming who (the
// request's user and role) and through what (the X-Client-Info header PostgREST, and the embedded
// service, put in request.headers).

export const auditTriggers = `
-- Through what a write came, from the X-Client-Info header (DESIGN.md: practice-cli/<v>,
-- practice-mcp/<v>, supabase-js/<v>); any other HTTP client is api; no request at all (psql, a
-- migration) is sql.
-- No pinned search_path here or in audit_append: each is called only from the definer functions
-- below, whose empty search_path they inherit, and a SET on every call of a per-row helper costs.
create function practice_private.audit_channel(client_info text, in_request boolean) returns text
language sql immutable as $$
  select case
    when client_info like 'practice-cli/%' then 'cli'
    when client_info like 'practice-mcp/%' then 'mcp'
    when client_info like 'practice-import/%' then 'import'
    when client_info like 'supabase-js%' then 'web'
    when in_request then 'api'
    else 'sql'
  end
$$;

-- Appends one row to the practice's chain. The advisory lock is the practice's own (a 64-bit key
-- from its id): writers of one practice take turns at the chain's head until they commit, writers
-- of two practices never wait on each other. Runs as its caller: the owner, or the definer
-- functions below (no API role may execute it).
create function practice_private.audit_append(practice uuid, actor uuid, actor_role text, client_info text,
  via text, table_name text, row_id text, client_id uuid, action text, changes jsonb) returns void
language plpgsql as $$
declare
  entry public.audit_log;
  head record;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('practice audit chain ' || practice::text, 0));
  select l.id, l.hash into head from public.audit_log l where l.therapist_id = practice order by l.id desc limit 1;
  entry.id := coalesce(head.id, 0) + 1;
  entry.prev_hash := coalesce(head.hash, pg_catalog.repeat('0', 64));
  entry.therapist_id := practice;
  entry.at := pg_catalog.clock_timestamp();
  entry.actor := actor;
  entry.actor_role := actor_role;
  entry.via := via;
  entry.client_info := client_info;
  entry.table_name := table_name;
  entry.row_id := row_id;
  entry.client_id := client_id;
  entry.action := action;
  entry.changes := changes;
  entry.hash := public.audit_entry_hash(entry);
  insert into public.audit_log values (entry.*);
end $$;
revoke all on function practice_private.audit_append from public;

-- The trigger of every practice table: what changed, column by column, appended for the request.
create function practice_private.audit_row_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  before_row constant jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  after_row constant jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  subject constant jsonb := coalesce(after_row, before_row);
  headers constant jsonb := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
  client_info constant text := headers ->> 'x-client-info';
  changes jsonb;
begin
  select pg_catalog.jsonb_object_agg(column_name, case tg_op
      when 'INSERT' then pg_catalog.jsonb_build_object('new', after_row -> column_name)
      when 'DELETE' then pg_catalog.jsonb_build_object('old', before_row -> column_name)
      else pg_catalog.jsonb_build_object('old', before_row -> column_name, 'new', after_row -> column_name) end)
    into changes
    from pg_catalog.jsonb_object_keys(subject) column_name
    where column_name <> 'therapist_id'
      and case tg_op
        when 'INSERT' then after_row -> column_name <> 'null'::jsonb
        when 'DELETE' then before_row -> column_name <> 'null'::jsonb
        else before_row -> column_name is distinct from after_row -> column_name end;
  perform practice_private.audit_append(
    (subject ->> 'therapist_id')::uuid,
    auth.uid(),
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text),
    client_info,
    practice_private.audit_channel(client_info, coalesce(pg_catalog.current_setting('request.method', true), '') <> ''),
    tg_table_name,
    subject ->> 'id',
    case when tg_table_name = 'clients' then subject ->> 'id' else subject ->> 'client_id' end::uuid,
    pg_catalog.lower(tg_op),
    changes);
  return null;
end $$;

do $audited$
declare
  practice_table record;
begin
  for practice_table in select tablename from pg_catalog.pg_tables where schemaname = 'public' and tablename <> 'audit_log' loop
    execute pg_catalog.format('create trigger audit_change after insert or update or delete on public.%I
      for each row execute function practice_private.audit_row_change()', practice_table.tablename);
  end loop;
end $audited$;

-- What the service records itself (reads of clinical notes, exports, backups): the same chain,
-- called as the owner with the request's facts, one row per client the rows are about.
create function practice_private.audit_access(practice uuid, actor uuid, actor_role text, client_info text,
  table_name text, action text, row_ids text[], client_ids uuid[], detail jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  about record;
begin
  for about in
    select c.client_id, pg_catalog.array_agg(c.row_id order by c.row_id) as rows
    from rows from (pg_catalog.unnest(row_ids), pg_catalog.unnest(client_ids)) as c(row_id, client_id)
    group by c.client_id
  loop
    perform practice_private.audit_append(practice, actor, actor_role, client_info,
      practice_private.audit_channel(client_info, true), table_name, null, about.client_id, action,
      detail || pg_catalog.jsonb_build_object('rows', pg_catalog.to_jsonb(about.rows)));
  end loop;
end $$;
revoke all on function practice_private.audit_access from public;
`;
