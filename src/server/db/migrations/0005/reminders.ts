// One reminder per appointment, decided by the database: a run claims an appointment by inserting its
// row (the unique key lets one run win), and marking the row sent writes the message to the
// conversation log in the same statement, so "sent" and "logged" cannot disagree. docs/reminders.md
// explains the states and what a killed run leaves behind.
export const reminders = `
create table public.reminders (
  id uuid not null default gen_random_uuid(),
  appointment_id uuid not null,
  client_id uuid not null,
  channel text not null,
  message text not null,
  state text not null default 'claimed',
  error text,
  message_id uuid,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reminders_pkey primary key (therapist_id, id),
  constraint reminders_appointment_key unique (therapist_id, appointment_id),
  constraint reminders_appointment_fkey foreign key (therapist_id, appointment_id)
    references public.appointments (therapist_id, id) on delete cascade,
  constraint reminders_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint reminders_channel_check check (channel in ('sms', 'email', 'chat', 'phone', 'web', 'other')),
  constraint reminders_state_check check (state in ('claimed', 'sent', 'failed')),
  constraint reminders_message_check check (btrim(message) <> '')
);
comment on table public.reminders is 'One row per appointment that a reminder run claimed: claimed while it is being sent, then sent or failed. A failed one may be claimed again; a sent one never.';
comment on column public.reminders.state is 'claimed, sent or failed.';
comment on column public.reminders.message_id is 'The conversation_log entry written when the reminder became sent.';

alter table public.reminders enable row level security;
create policy own_practice on public.reminders for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.reminders from anon, authenticated, service_role;
grant select on public.reminders to anon;
grant select, insert, update on public.reminders to authenticated;
grant all on public.reminders to service_role;

create trigger touch_updated_at before update on public.reminders
  for each row execute function practice_private.touch_updated_at();

-- A sent reminder stays sent, and becoming sent is what logs it: one statement, one transaction.
create function practice_private.log_sent_reminder() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.state = 'sent' then
    raise exception using
      errcode = 'check_violation',
      message = format('The reminder of appointment %s was already sent', old.appointment_id),
      hint = 'A sent reminder cannot change.';
  end if;
  if new.state = 'sent' then
    insert into public.conversation_log (therapist_id, client_id, role, channel, message)
      values (new.therapist_id, new.client_id, 'assistant', new.channel, new.message)
      returning id into new.message_id;
  end if;
  return new;
end $$;
create trigger log_sent_reminder before update on public.reminders
  for each row execute function practice_private.log_sent_reminder();
`;
