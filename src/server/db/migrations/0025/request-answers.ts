// The practice's answer to a request from the booking page, kept on the appointment. A request never
// accepted (declined, or its hold lapsed and a booking took the slot) ends as `cancelled`, like a
// booking called off: migration 12's reports counted it as a cancellation, and a request still waiting
// as booked. Now the reports count neither: a waiting request is no booking yet (it shows in `practice
// appt requests`, `client show` and the calendar feed), a declined one never was. `practice remind`
// reads the answer too: a request answered before any run told the client it arrived still gets its
// accepted or declined notice, as the first message of its chain.
import { revenueReport } from '../0012/revenue.js';
import { clientsReport, visitsReport } from '../0012/visits.js';

// Which appointments of a period the reports count (alias `visit`): bookings, not requests.
const BOOKINGS_ONLY = `
      and visit.status <> 'requested' and visit.request_answer is distinct from 'declined'`;

// A request still held keeps its client from counting as lapsed: they asked to come.
const BOOKED_OR_HELD = `(ahead.status in ('scheduled', 'confirmed')
            or (ahead.status = 'requested' and (ahead.hold_until is null or ahead.hold_until > now())))`;

export const requestAnswers = `
alter table public.appointments add column request_answer text,
  add constraint appointments_request_answer_check check (request_answer in ('accepted', 'declined')),
  add constraint appointments_declined_check check (request_answer is distinct from 'declined' or status = 'cancelled');
comment on column public.appointments.request_answer is 'The practice''s answer to this request from the booking page: accepted (it became a booking) or declined (never a booking: declined, or its hold lapsed). Null while it waits, and for the bookings the practice made. Set by the server.';

-- The requests answered before this migration, from the audit trail: each left \`requested\` once;
-- declined when that was its last change of status (to cancelled), accepted otherwise. Before the
-- trigger below, which keeps the answer a row has.
update public.appointments as visit
  set request_answer = case when latest.changes -> 'status' ->> 'old' = 'requested' and latest.changes -> 'status' ->> 'new' = 'cancelled'
    then 'declined' else 'accepted' end
from (
  select distinct on (entry.therapist_id, entry.row_id) entry.therapist_id, entry.row_id, entry.changes
  from public.audit_log as entry
  where entry.table_name = 'appointments' and entry.action = 'update' and entry.changes ? 'status'
  order by entry.therapist_id, entry.row_id, entry.at desc, entry.id desc
) as latest
where latest.therapist_id = visit.therapist_id and latest.row_id = visit.id::text and visit.status <> 'requested'
  and exists (select from public.audit_log as entry
    where entry.therapist_id = visit.therapist_id and entry.table_name = 'appointments' and entry.row_id = visit.id::text
      and entry.action = 'update' and entry.changes -> 'status' ->> 'old' = 'requested');

-- Set by the server alone: when a request leaves \`requested\` (cancelled: declined; anything else:
-- accepted), kept after; a declined request booked after all (cancelled -> scheduled) was accepted.
-- An inserted row keeps the answer it brings (a restored backup) unless it is still a request.
create function practice_private.keep_request_answer() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'requested' then
    new.request_answer := null;
  elsif tg_op = 'INSERT' then
    return new;
  elsif old.status = 'requested' then
    new.request_answer := case when new.status = 'cancelled' then 'declined' else 'accepted' end;
  elsif old.request_answer = 'declined' and new.status <> 'cancelled' then
    new.request_answer := 'accepted';
  else
    new.request_answer := old.request_answer;
  end if;
  return new;
end $$;
create trigger keep_request_answer before insert or update on public.appointments
  for each row execute function practice_private.keep_request_answer();

-- An answer may be the first message a client gets of a request (no run told them it arrived); like
-- every first message, one per appointment, so two racing runs cannot both send it.
alter table public.reminders
  drop constraint reminders_follows_check,
  add constraint reminders_follows_check check (case kind
    when 'requested' then follows_id is null
    when 'reminder' then true
    when 'accepted' then true
    when 'declined' then true
    else follows_id is not null end);
create unique index reminders_answer_first_key on public.reminders (therapist_id, appointment_id)
  where kind in ('accepted', 'declined') and follows_id is null;
comment on column public.reminders.follows_id is 'The message this notice follows; null for the first message (a reminder, a request''s notice, or the answer to a request nobody was told of). Each message is followed at most once.';

${visitsReport('create or replace', BOOKINGS_ONLY)}
${clientsReport('create or replace', BOOKED_OR_HELD)}
${revenueReport('create or replace', BOOKINGS_ONLY)}
`;
