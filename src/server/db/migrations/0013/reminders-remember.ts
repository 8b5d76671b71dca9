// A reminder row is now one message about one appointment: the first reminder, then a chain of
// notices ("changed", "cancelled"), each following the message before it. Each row keeps the time it
// announced, so a run compares it with the appointment and knows what the client still believes. The
// database keeps "exactly once": one first reminder per appointment, one notice after each message.
export const remindersRemember = `
alter table public.reminders
  add column kind text not null default 'reminder',
  add column announced_date date,
  add column announced_start time,
  add column follows_id uuid;

-- Rows from before this migration announced the time the appointment has now, as far as anyone knows.
update public.reminders r set announced_date = a.date, announced_start = a.start_time
  from public.appointments a where a.therapist_id = r.therapist_id and a.id = r.appointment_id;

alter table public.reminders
  alter column announced_date set not null,
  alter column announced_start set not null,
  drop constraint reminders_appointment_key,
  add constraint reminders_kind_check check (kind in ('reminder', 'changed', 'cancelled')),
  add constraint reminders_follows_check check ((kind = 'reminder') = (follows_id is null)),
  add constraint reminders_follows_fkey foreign key (therapist_id, follows_id)
    references public.reminders (therapist_id, id) on delete cascade,
  -- One notice after each message: two runs that both see a visit moved cannot both tell the client.
  add constraint reminders_follows_key unique (therapist_id, follows_id);
-- One first reminder per appointment, as before.
create unique index reminders_first_key on public.reminders (therapist_id, appointment_id) where kind = 'reminder';

-- A writer that does not say what it announced (an older CLI, a script) announced the appointment's
-- time as it is when the row is written, which is what the first reminder tells. An appointment the
-- caller cannot see gets the answer the foreign key would give, not a not-null error that tells more.
create function practice_private.announce_appointment_time() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.announced_date is null or new.announced_start is null then
    select coalesce(new.announced_date, a.date), coalesce(new.announced_start, a.start_time)
      into new.announced_date, new.announced_start
      from public.appointments a where a.therapist_id = new.therapist_id and a.id = new.appointment_id;
    -- A row for another practice is row-level security's to refuse (42501), after this trigger.
    if not found and new.therapist_id is not distinct from auth.uid() then
      raise exception using
        errcode = 'foreign_key_violation',
        message = 'insert or update on table "reminders" violates foreign key constraint "reminders_appointment_fkey"',
        detail = format('Key (therapist_id, appointment_id)=(%s, %s) is not present in table "appointments".', new.therapist_id, new.appointment_id);
    end if;
  end if;
  return new;
end $$;
create trigger announce_appointment_time before insert on public.reminders
  for each row execute function practice_private.announce_appointment_time();

comment on table public.reminders is 'One row per message a reminder run claimed about an appointment: the reminder, then notices of a change or cancellation, each following the one before. Claimed while it is being sent, then sent or failed; a failed one may be claimed again, a sent one never changes.';
comment on column public.reminders.kind is 'reminder (the first message), changed (the visit moved) or cancelled.';
comment on column public.reminders.announced_date is 'The day the message told the client (local, as appointments.date).';
comment on column public.reminders.announced_start is 'The start the message told the client (local, as appointments.start_time).';
comment on column public.reminders.follows_id is 'The message this notice follows; null for the first reminder. Each message is followed at most once.';
`;
