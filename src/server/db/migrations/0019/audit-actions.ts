// The trail's new actions: `purge` (retention_purge deleting what has passed its period) and
// `import` (a practice export loaded, naming the trail it carried: docs/audit.md, "Backups, exports
// and imports"). rpc/audit_record_event takes import besides export and erase; a purge is recorded
// by retention_purge alone, through practice_private.audit_event, which no API role may call.

export const auditActions = `
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check
  check (action in ('insert', 'update', 'delete', 'read', 'export', 'backup', 'erase', 'purge', 'import'));

-- An event of the caller's practice, as the caller, through the caller's channel. Runs as the
-- definer functions that call it (their empty search_path).
create function practice_private.audit_event(action text, table_name text, client_id uuid, detail jsonb) returns void
language plpgsql as $$
declare
  client_info constant text := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-client-info';
  practice constant uuid := auth.uid();
begin
  if practice is null then
    raise exception 'only a signed-in user records events in their practice''s audit trail' using errcode = '42501';
  end if;
  perform practice_private.audit_append(practice, practice,
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text), client_info,
    practice_private.audit_channel(client_info, true), coalesce(table_name, '*'), null, client_id, action, detail);
end $$;
revoke all on function practice_private.audit_event(text, text, uuid, jsonb) from public;

create or replace function public.audit_record_event(action text, table_name text, client_id uuid, detail jsonb) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
begin
  if action is null or action not in ('export', 'erase', 'import') then
    raise exception 'audit_record_event takes the actions export, erase and import; got %', coalesce(action, 'none')
      using errcode = '22023', hint = 'Changes and reads of notes are recorded by the database and the service themselves.';
  end if;
  perform practice_private.audit_event(action, table_name, client_id, detail);
  return (select max(l.id) from public.audit_log l where l.therapist_id = auth.uid());
end $$;
`;
