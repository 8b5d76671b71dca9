// rpc-visible but harmless: public.audit_note_read records a read of clinical notes inside the
// read's own statement (the embedded service wraps a read whose answer holds notes around it:
// src/server/audit/note-reads.ts), so the record costs no second round trip nor commit of its own.
// It appends only to the caller's own practice, only `read` rows of sessions, naming the notes the
// answer holds: called by hand it can do no more than a read would. Security definer: requests may
// not write the trail; search_path pinned empty.

export const noteReadRecord = `
create function public.audit_note_read(body text, note_paths jsonb, query text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  practice constant uuid := auth.uid();
  client_info constant text := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-client-info';
  actor_role constant text := coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text);
  ids text[];
  clients uuid[];
begin
  -- The service key's reads (administration, no practice of its own) are not recorded.
  if practice is null or body is null then
    return false;
  end if;
  if note_paths is null then
    -- A CSV answer: which notes it holds is not read back; the query says which were asked for.
    ids := array[null];
    clients := array[null];
  else
    select pg_catalog.array_agg(n ->> 'id'),
        pg_catalog.array_agg(case when n ->> 'client_id' ~ '^[0-9a-fA-F-]{36}$' then (n ->> 'client_id')::uuid end)
      into ids, clients
      from pg_catalog.jsonb_array_elements_text(note_paths) p,
        pg_catalog.jsonb_path_query(body::jsonb, p::jsonpath) n
      where pg_catalog.jsonb_typeof(n) = 'object';
    if ids is null then
      return false;
    end if;
  end if;
  -- As the separate record was: a crash of PostgreSQL may lose the last moments of read records, whole.
  perform pg_catalog.set_config('synchronous_commit', 'off', true);
  perform practice_private.audit_access(practice, practice, actor_role, client_info, 'sessions', 'read', ids, clients,
    pg_catalog.jsonb_build_object('query', query) || case when note_paths is null then '{"format": "csv"}'::jsonb else '{}'::jsonb end);
  return true;
end $$;
comment on function public.audit_note_read(text, jsonb, text) is 'Records, in the caller''s audit trail, a read whose answer (body) holds clinical notes at the given JSON paths; the service calls it inside the read.';
revoke all on function public.audit_note_read(text, jsonb, text) from public;
-- Every request role reads through it: anon's and the service key's reads are not recorded.
grant execute on function public.audit_note_read(text, jsonb, text) to anon, authenticated, service_role;
`;
