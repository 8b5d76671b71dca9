// A completed visit with a signed note is part of the clinical record: undoing the completion
// (completed -> confirmed) is refused while a signed note refers to the appointment.

export const completionLock = `
create function practice_private.refuse_undoing_signed_visit() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
begin
  -- The note itself before its amendments: the hint names the note to amend.
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id and signed_at is not null
    order by amends_id is not null, created_at, id
    limit 1;
  if found then
    raise exception using
      errcode = 'PT409',
      message = format('Cannot undo the completion of appointment %s: signed note %s refers to it', old.id, note_id),
      hint = format('Correct the record with an amendment: a new note with amends_id %s.', note_id);
  end if;
  return new;
end $$;
create trigger refuse_undoing_signed_visit before update of status on public.appointments
  for each row when (old.status = 'completed' and new.status = 'confirmed')
  execute function practice_private.refuse_undoing_signed_visit();
comment on column public.appointments.status is 'scheduled -> confirmed|completed|cancelled|no_show; confirmed -> completed|cancelled|no_show|scheduled; cancelled -> scheduled; no_show -> scheduled; completed -> confirmed (refused while a signed note refers to the appointment).';
`;
