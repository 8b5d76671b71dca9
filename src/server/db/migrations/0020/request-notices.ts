// What a client of the booking page is told (`practice remind`, migration 13's chain of messages): that
// the request arrived (`requested`, the first message of its chain), then that it was accepted or
// declined (each following the message before). An accepted visit's reminder follows the acceptance,
// so the chain stays one line; a reminder is still the first message of any other visit.
export const requestNotices = `
alter table public.reminders
  drop constraint reminders_kind_check,
  add constraint reminders_kind_check
    check (kind in ('reminder', 'changed', 'cancelled', 'requested', 'accepted', 'declined')),
  drop constraint reminders_follows_check,
  add constraint reminders_follows_check check (case kind
    when 'requested' then follows_id is null
    when 'reminder' then true
    else follows_id is not null end);
-- One notice of a request per appointment, as one first reminder (migration 13).
create unique index reminders_request_key on public.reminders (therapist_id, appointment_id) where kind = 'requested';
comment on column public.reminders.kind is 'reminder (the first message, or after an accepted request), changed (the visit moved), cancelled, requested (a request from the booking page arrived: the first message), accepted or declined (the answer to it).';
comment on column public.reminders.follows_id is 'The message this notice follows; null for the first message (a reminder or a request''s notice). Each message is followed at most once.';
`;
