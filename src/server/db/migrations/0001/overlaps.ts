// Overlap refusals that name the row in the way (23P01, answered as 409). The exclusion
// constraints in tables.ts still decide when two writes race; these triggers only explain.

export const overlaps = `
create function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.appointments;
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time then
    return new;
  end if;
  -- The predicates match appointments_no_overlap's index, which finds the candidates.
  select * into other from public.appointments a
    where a.therapist_id = new.therapist_id and a.id <> new.id and a.status <> 'cancelled'
      and tsrange(a.date + a.start_time, a.date + a.end_time) && tsrange(new.date + new.start_time, new.date + new.end_time)
    order by a.date, a.start_time
    limit 1;
  if found then
    raise exception using
      errcode = 'exclusion_violation',
      message = format('Overlaps appointment %s on %s from %s to %s', other.id, other.date,
        to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI')),
      detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
      hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
  end if;
  return new;
end $$;
create trigger check_appointment_overlap
  before insert or update of "date", start_time, end_time, status on public.appointments
  for each row when (new.status <> 'cancelled')
  execute function practice_private.check_appointment_overlap();

create function practice_private.check_business_hours_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.business_hours;
begin
  if new.open_time is null or new.close_time is null or new.close_time <= new.open_time then
    return new;
  end if;
  select * into other from public.business_hours h
    where h.therapist_id = new.therapist_id and h.id <> new.id and h.day_of_week = new.day_of_week
      and h.open_time < new.close_time and new.open_time < h.close_time
    order by h.open_time
    limit 1;
  if found then
    raise exception using
      errcode = 'exclusion_violation',
      message = format('Overlaps business hours %s on %s from %s to %s', other.id, other.day_of_week,
        to_char(other.open_time, 'HH24:MI'), to_char(other.close_time, 'HH24:MI')),
      hint = 'Hours of one day may not overlap: change the existing row, or choose times around it.';
  end if;
  return new;
end $$;
create trigger check_business_hours_overlap
  before insert or update of day_of_week, open_time, close_time on public.business_hours
  for each row execute function practice_private.check_business_hours_overlap();
`;
