// The overlap rule counts each appointment's own buffer: it occupies [date+start, date+end+buffer).
// Appointments that are cancelled or no_show never block (DESIGN.md section 3).

// date + time is a timestamp, so a buffer past midnight runs into the next day instead of wrapping.
const occupied = (row: string) =>
  `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time + ${row}buffer_minutes * interval '1 minute')`;
const core = (row: string) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time)`;

// Dropped before existing rows take their buffers: the update then maintains no overlap index, and
// the new constraint is built once over the finished rows.
export const dropUnbufferedOverlaps = `
alter table public.appointments drop constraint appointments_no_overlap;
drop trigger check_appointment_overlap on public.appointments;
`;

export const bufferedOverlaps = `
-- The trigger explains a conflict; this constraint still holds when two writes race.
alter table public.appointments add constraint appointments_no_overlap exclude using gist (
  therapist_id with =,
  ${occupied('')} with &&
) where (status not in ('cancelled', 'no_show'));
comment on table public.appointments is 'The calendar. Appointments of one practice that are not cancelled or no_show may not overlap, each with its buffer.';

create or replace function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.appointments;
  buffer_part text := '';
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time
    or new.buffer_minutes is null or new.buffer_minutes < 0 then
    return new;
  end if;
  -- The predicates match appointments_no_overlap's index, which finds the candidates.
  select * into other from public.appointments a
    where a.therapist_id = new.therapist_id and a.id <> new.id and a.status not in ('cancelled', 'no_show')
      and ${occupied('a.')} && ${occupied('new.')}
    order by a.date, a.start_time
    limit 1;
  if not found then
    return new;
  end if;
  if not (${core('other.')} && ${core('new.')}) then
    buffer_part := case when ${occupied('other.')} && ${core('new.')}
      then format(' (with its %s-minute buffer)', other.buffer_minutes)
      else format(' (this appointment''s %s-minute buffer runs into it)', new.buffer_minutes) end;
  end if;
  raise exception using
    errcode = 'exclusion_violation',
    message = format('Overlaps appointment %s on %s from %s to %s%s', other.id, other.date,
      to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI'), buffer_part),
    detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
    hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
end $$;
create trigger check_appointment_overlap
  before insert or update of "date", start_time, end_time, buffer_minutes, service_id, status on public.appointments
  for each row when (new.status not in ('cancelled', 'no_show'))
  execute function practice_private.check_appointment_overlap();
`;
