// What only the client knows happened, recorded over REST on any PostgREST host: an export of the
// practice, a client's own record handed out, an erasure. `rpc/audit_record_event` appends it to the
// caller's own chain as the caller, through the caller's channel; the practice and the actor come
// from the token, never from the arguments, and only these actions can be written this way.
// Security definer: the API roles may not call audit_append themselves; search_path pinned empty.
export const auditEvents = `
create function public.audit_record_event(action text, table_name text, client_id uuid, detail jsonb) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  client_info constant text := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-client-info';
  practice constant uuid := auth.uid();
begin
  if practice is null then
    raise exception 'only a signed-in user records events in their practice''s audit trail' using errcode = '42501';
  end if;
  if action is null or action not in ('export', 'erase') then
    raise exception 'audit_record_event takes the actions export and erase; got %', coalesce(action, 'none')
      using errcode = '22023', hint = 'Changes and reads of notes are recorded by the database and the service themselves.';
  end if;
  perform practice_private.audit_append(practice, practice,
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text), client_info,
    practice_private.audit_channel(client_info, true), coalesce(table_name, '*'), null, client_id, action, detail);
  return (select max(l.id) from public.audit_log l where l.therapist_id = practice);
end $$;
comment on function public.audit_record_event(text, text, uuid, jsonb) is 'Records an export (of the practice or of one client''s record) or an erasure in the caller''s audit trail; returns its position in the chain.';
revoke all on function public.audit_record_event(text, text, uuid, jsonb) from public;
grant execute on function public.audit_record_event(text, text, uuid, jsonb) to authenticated;
`;
