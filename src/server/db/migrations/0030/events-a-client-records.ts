// What a client may record itself through rpc/audit_record_event: its exports and imports, about a
// client of its own practice. `erase` is recorded by erase_client alone (migration 19), in the same
// transaction as the erasure; taken here too, it let a caller write an erasure that never happened,
// about any client id, even one that never existed, into the trail and the client's exported record.

export const eventsAClientRecords = `
create or replace function public.audit_record_event(action text, table_name text, client_id uuid, detail jsonb) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
begin
  if action is null or action not in ('export', 'import') then
    raise exception 'audit_record_event takes the actions export and import; got %', coalesce(action, 'none')
      using errcode = '22023', hint = 'Changes, reads of notes and erasures are recorded by the database and the service themselves.';
  end if;
  if audit_record_event.client_id is not null and not exists (select from public.clients c
      where c.therapist_id = auth.uid() and c.id = audit_record_event.client_id) then
    raise exception 'Client % was not found', audit_record_event.client_id using errcode = 'P0002', hint = 'Name a client of this practice.';
  end if;
  perform practice_private.audit_event(action, table_name, client_id, detail);
  return (select max(l.id) from public.audit_log l where l.therapist_id = auth.uid());
end $$;
`;
