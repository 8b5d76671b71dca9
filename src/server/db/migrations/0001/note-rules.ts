// Session notes as a clinical record: a signed note is final, an amendment is a new note naming
// a signed one of the same client, and one note (plus its amendments) per appointment.

export const noteRules = `
create function practice_private.protect_signed_note() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using
    errcode = 'PT409',
    message = format('Note %s is signed and can no longer be %s', old.id,
      case tg_op when 'UPDATE' then 'changed' else 'deleted' end),
    hint = format('Write an amendment instead: a new note with amends_id %s.', old.id);
end $$;
create trigger protect_signed_note before update or delete on public.sessions
  for each row when (old.signed_at is not null)
  execute function practice_private.protect_signed_note();

-- The composite foreign keys and the unique index already hold these rules (also under
-- concurrency); checking first gives errors that say which rule, and what to do.
create function practice_private.check_note_links() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_client uuid;
  amended public.sessions;
  existing_note uuid;
begin
  if new.appointment_id is not null then
    select client_id into appointment_client from public.appointments
      where therapist_id = new.therapist_id and id = new.appointment_id;
    if found and appointment_client <> new.client_id then
      raise exception using
        errcode = 'foreign_key_violation',
        message = format('Appointment %s is of another client', new.appointment_id),
        hint = 'A note''s appointment must be one of the note''s client; leave appointment_id empty for a note without one.';
    end if;
    if new.amends_id is null then
      select id into existing_note from public.sessions
        where therapist_id = new.therapist_id and appointment_id = new.appointment_id
          and amends_id is null and id <> new.id
        limit 1;
      if found then
        raise exception using
          errcode = 'unique_violation',
          message = format('Appointment %s already has note %s', new.appointment_id, existing_note),
          hint = 'Change that note, or amend it once it is signed.';
      end if;
    end if;
  end if;
  if new.amends_id is not null then
    select * into amended from public.sessions
      where therapist_id = new.therapist_id and id = new.amends_id;
    if found and amended.client_id <> new.client_id then
      raise exception using
        errcode = 'foreign_key_violation',
        message = format('Note %s is of another client', new.amends_id),
        hint = 'An amendment must be of the same client as the note it amends.';
    end if;
    if found and amended.signed_at is null then
      raise exception using
        errcode = 'PT409',
        message = format('Note %s is not signed, so it cannot be amended', new.amends_id),
        hint = 'Change the note itself, or sign it (set signed_at) and then amend it.';
    end if;
  end if;
  return new;
end $$;
create trigger check_note_links
  before insert or update of client_id, appointment_id, amends_id on public.sessions
  for each row execute function practice_private.check_note_links();
`;
