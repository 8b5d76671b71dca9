// Deletes that would orphan history are refused before the foreign keys refuse them, so the
// error says what refers to the row and what to do instead (23503, answered as 409).

export const deleteGuards = `
create function practice_private.refuse_client_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_count bigint;
  note_count bigint;
  message_count bigint;
begin
  select count(*) into appointment_count from public.appointments
    where therapist_id = old.therapist_id and client_id = old.id;
  select count(*) into note_count from public.sessions
    where therapist_id = old.therapist_id and client_id = old.id;
  select count(*) into message_count from public.conversation_log
    where therapist_id = old.therapist_id and client_id = old.id;
  if appointment_count + note_count + message_count > 0 then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete client %s: appointments, notes or messages refer to it', old.name),
      detail = format('Client %s has %s appointment(s), %s note(s) and %s message(s).',
        old.id, appointment_count, note_count, message_count),
      hint = 'Set the client''s status to inactive instead.';
  end if;
  return old;
end $$;
create trigger refuse_client_delete before delete on public.clients
  for each row execute function practice_private.refuse_client_delete();

create function practice_private.refuse_service_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_count bigint;
begin
  select count(*) into appointment_count from public.appointments
    where therapist_id = old.therapist_id and service_id = old.id;
  if appointment_count > 0 then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete service %s: appointments refer to it', old.name),
      detail = format('Service %s is booked in %s appointment(s).', old.id, appointment_count),
      hint = 'Set the service''s active to false instead.';
  end if;
  return old;
end $$;
create trigger refuse_service_delete before delete on public.service_menu
  for each row execute function practice_private.refuse_service_delete();

create function practice_private.refuse_appointment_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
begin
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id
    limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete appointment %s: note %s refers to it', old.id, note_id),
      hint = 'Cancel the appointment instead.';
  end if;
  return old;
end $$;
create trigger refuse_appointment_delete before delete on public.appointments
  for each row execute function practice_private.refuse_appointment_delete();
`;
