// A read of notes hands its record the notes' ids itself: when the answer's notes are the page's
// own rows, the read's statement aggregates their ids and clients as it builds the answer
// (src/server/audit/note-reads.ts), and audit_note_read takes them as arrays instead of parsing the
// answer's JSON again, which cost as much as the read. Notes embedded under other rows, an rpc/
// call's rows and CSV are still found in the answer, as migration 19 did. What is recorded does not
// change: one row per client, the same ids, the same query (docs/audit.md).

/**
 * public.audit_note_read with the ids handed over (migration 24, replacing migration 19's), or with
 * the answer's format too (`format`, migration 26, replacing 24's), or, replacing that in place,
 * recording a read whose answer names no note by its query (`queryWithoutNotes`, migration 30).
 */
export function noteReadSql(format: boolean, queryWithoutNotes = false): string {
  const replaces = format ? 'text, jsonb, text, text[], uuid[]' : 'text, jsonb, text';
  const signature = format ? 'text, jsonb, text, text[], uuid[], text' : 'text, jsonb, text, text[], uuid[]';
  return `
${queryWithoutNotes ? 'create or replace' : `drop function public.audit_note_read(${replaces});
create`} function public.audit_note_read(body text, note_paths jsonb, query text, own_ids text[] default null, own_clients uuid[] default null${format ? ', answer_format text default null' : ''})
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  practice constant uuid := auth.uid();
  ids text[] := own_ids;
  clients uuid[] := own_clients;
  detail jsonb := pg_catalog.jsonb_build_object('query', query)${format ? ` || case when answer_format is null then '{}'::jsonb else pg_catalog.jsonb_build_object('format', answer_format) end` : ''};
  client_info text;
begin
  -- The service key's reads (administration, no practice of its own) are not recorded.
  if practice is null then
    return false;
  end if;
  if body is not null and note_paths is null then
    -- A CSV answer: which notes it holds is not read back; the query says which were asked for.
    ids := array[null];
    clients := array[null];
    detail := detail || '{"format": "csv"}'::jsonb;
  elsif body is not null then
    select ids || pg_catalog.array_agg(n ->> 'id'),
        clients || pg_catalog.array_agg(case when n ->> 'client_id' ~ '^[0-9a-fA-F-]{36}$' then (n ->> 'client_id')::uuid end)
      into ids, clients
      from pg_catalog.jsonb_array_elements_text(note_paths) p,
        pg_catalog.jsonb_path_query(body::jsonb, p::jsonpath) n
      where pg_catalog.jsonb_typeof(n) = 'object';
  end if;
  if coalesce(pg_catalog.cardinality(ids), 0) = 0 then
${queryWithoutNotes ? `    -- No note in the answer (a count, HEAD, limit=0, or notes only filtering what is shown): what
    -- the query learnt of the notes is still a read of them, recorded under no note.
    ids := array[null];
    clients := array[null];` : '    return false;'}
  end if;
  client_info := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-client-info';
  -- As the separate record was: a crash of PostgreSQL may lose the last moments of read records, whole.
  perform pg_catalog.set_config('synchronous_commit', 'off', true);
  perform practice_private.audit_access(practice, practice,
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text), client_info,
    'sessions', 'read', ids, clients, detail);
  return true;
end $$;
comment on function public.audit_note_read(${signature}) is 'Records, in the caller''s audit trail, a read whose answer holds clinical notes: own_ids/own_clients of the notes the read''s page holds${format ? ' (its answer_format, csv, noted)' : ''}, and those found in its answer (body) at the given JSON paths; the service calls it inside the read.';
revoke all on function public.audit_note_read(${signature}) from public;
-- Every request role reads through it: anon's and the service key's reads are not recorded.
grant execute on function public.audit_note_read(${signature}) to anon, authenticated, service_role;
`;
}

export const noteReadIds = noteReadSql(false);
