// What the erasure and the retention purge (definer functions, run as the owner) must reach that a
// request may not: the append-only message log, reminders, the ledger, signed notes. Forced RLS hides
// every row from the owner, so each of these tables gets a policy for it (as audit_log's
// trail_writer); every statement of those functions names the caller's practice itself. A signed
// note stays final for everyone else: its guard lets a delete through only inside the purge.

const OWNER_TABLES = ['clients', 'appointments', 'sessions', 'conversation_log', 'reminders', 'payments', 'packages', 'expenses'];

export const retentionOwner = `
do $owner$
declare
  practice_table text;
begin
  foreach practice_table in array array['${OWNER_TABLES.join("', '")}'] loop
    execute pg_catalog.format('create policy retention_owner on public.%I for all to %I using (true) with check (true)', practice_table, current_user);
  end loop;
end $owner$;

create or replace function practice_private.protect_signed_note() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Set (transaction-local) only by public.retention_purge, once the note's period has passed.
  if tg_op = 'DELETE' and pg_catalog.current_setting('practice.retention_purge', true) = 'on' then
    return old;
  end if;
  raise exception using
    errcode = 'PT409',
    message = format('Note %s is signed and can no longer be %s', old.id,
      case tg_op when 'UPDATE' then 'changed' else 'deleted' end),
    hint = format('Write an amendment instead: a new note with amends_id %s.', old.id);
end $$;
`;
