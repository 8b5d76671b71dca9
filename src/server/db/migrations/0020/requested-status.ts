// The status `requested` (issue 31): a booking asked for on the public page, holding its slot until
// the therapist accepts or declines it or its hold expires. An expired hold blocks nothing: the free
// time reads the expiry, and a booking that needs the slot cancels the expired request (no job runs).
import { BLOCKS_UNTIL_CANCELLED, freeWindowsAndSlots } from '../0012/free-time.js';
import { seriesCheck } from '../0012/series-check.js';

// The time an appointment occupies, as migrations 4 and 9 define it.
const occupied = (row: string) =>
  `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time + ${row}buffer_minutes * interval '1 minute')`;

// As 0009/indexed-overlaps.ts: a buffer longer than a day is the rare case a day range cannot bound.
const SHORT_BUFFER_MINUTES = 1440;

// Which bookings block: migration 4's rule, less requests whose hold has expired.
export const BLOCKS_WHILE_HELD = `${BLOCKS_UNTIL_CANCELLED}
    and (booked.status <> 'requested' or booked.hold_until is null or booked.hold_until > now())`;
// The same of the series check's `other` appointments.
const OTHER_BLOCKS_WHILE_HELD = `other.status not in ('cancelled', 'no_show')
     and (other.status <> 'requested' or other.hold_until is null or other.hold_until > now())`;

export const requestedStatus = `
alter table public.appointments add column hold_until timestamptz;
alter table public.appointments
  drop constraint appointments_status_check,
  add constraint appointments_status_check
    check (status in ('requested', 'scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')),
  add constraint appointments_hold_check check (hold_until is null or status = 'requested');
comment on column public.appointments.status is 'requested -> scheduled|confirmed|cancelled; scheduled -> confirmed|completed|cancelled|no_show; confirmed -> completed|cancelled|no_show|scheduled; cancelled -> scheduled; no_show -> scheduled; completed -> confirmed.';
comment on column public.appointments.hold_until is 'A requested appointment holds its slot until then (none: until the therapist acts); after it the slot is free again.';

create or replace function practice_private.check_status_transition() returns trigger
language plpgsql set search_path = '' as $$
declare
  allowed text[] := case old.status
    when 'requested' then array['scheduled', 'confirmed', 'cancelled']
    when 'scheduled' then array['confirmed', 'completed', 'cancelled', 'no_show']
    when 'confirmed' then array['completed', 'cancelled', 'no_show', 'scheduled']
    when 'cancelled' then array['scheduled']
    when 'no_show' then array['scheduled']
    when 'completed' then array['confirmed']
  end;
begin
  -- An unknown status is the check constraint's to report, with its list of values.
  if new.status not in ('requested', 'scheduled', 'confirmed', 'completed', 'cancelled', 'no_show') then
    return new;
  end if;
  if not (new.status = any(allowed)) then
    raise exception using
      errcode = 'PT409',
      message = format('Cannot change appointment status from %s to %s', old.status, new.status),
      hint = 'Allowed next states: ' || array_to_string(allowed, ', ');
  end if;
  -- A hold ends with the request: accepted or declined, the slot is the booking's or nobody's.
  if old.status = 'requested' then
    new.hold_until := null;
  end if;
  return new;
end $$;

-- The few requests among a practice's appointments, by day: what the trigger below looks among, so
-- a write into a practice of 20,000 appointments costs it what it costs in an empty one.
create index appointments_requested on public.appointments (therapist_id, "date") where status = 'requested';

-- Before the overlap check (triggers fire by name): a request whose hold has expired gives way to the
-- booking that needs its slot, which the exclusion constraint could not otherwise let through.
create function practice_private.check_appointment_hold_expiry() returns trigger
language plpgsql set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare
  first_day date;
  last_day date;
begin
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time
    or new.buffer_minutes is null or new.buffer_minutes < 0 then
    return new;
  end if;
  first_day := new.date - 1;
  last_day := (new.date + new.end_time + new.buffer_minutes * interval '1 minute')::date;
  update public.appointments a set status = 'cancelled'
    where a.therapist_id = new.therapist_id and a.id <> new.id and a.status = 'requested' and a.hold_until <= now()
      and (a.date between first_day and last_day or (a.buffer_minutes > ${SHORT_BUFFER_MINUTES} and a.date <= last_day))
      and ${occupied('a.')} && ${occupied('new.')};
  return new;
end $$;
create trigger check_appointment_hold_expiry
  before insert or update of "date", start_time, end_time, buffer_minutes, service_id, status on public.appointments
  for each row when (new.status not in ('cancelled', 'no_show'))
  execute function practice_private.check_appointment_hold_expiry();

-- The free time, the slots and the series check read the expiry: a lapsed hold is free time.
${freeWindowsAndSlots('create or replace', BLOCKS_WHILE_HELD)}
${seriesCheck('create or replace', OTHER_BLOCKS_WHILE_HELD)}
`;
