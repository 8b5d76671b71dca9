// An appointment keeps the price and buffer it was booked with: copied from its service when
// omitted, so editing the service later changes no past booking and no revenue.

// Existing rows take their service's terms. A buffer is shortened where the next booking of the
// practice already starts within it: those calendars were valid when buffers did not count, and
// the migration must not refuse them. Bookings that block never overlapped (the old constraint held
// for all but cancelled ones), so in start order the next one starts at or after this one's end.
const fillExistingRows = `
alter table public.appointments disable trigger touch_updated_at;
with next_booking as (
  select therapist_id, id, service_id, status, "date" + end_time as ends_at,
    lead("date" + start_time) over (
      partition by therapist_id, status in ('cancelled', 'no_show') order by "date" + start_time
    ) as next_starts_at
  from public.appointments
)
update public.appointments a
  set price = s.price,
      buffer_minutes = case when n.status in ('cancelled', 'no_show') then s.buffer_minutes
        else least(s.buffer_minutes, floor(extract(epoch from n.next_starts_at - n.ends_at) / 60)::integer) end
  from next_booking n
  join public.service_menu s on s.therapist_id = n.therapist_id and s.id = n.service_id
  where a.therapist_id = n.therapist_id and a.id = n.id;
alter table public.appointments enable trigger touch_updated_at;`;

export const bookingTerms = `
alter table public.appointments
  add column price numeric(10,2),
  add column buffer_minutes integer;
${fillExistingRows}
-- No default: an omitted buffer arrives as null, and the trigger below fills it before the
-- not-null constraint is checked (0 without a service), so an explicit 0 stays 0. Rows without a
-- service get their 0 through a rewrite of the table, which also discards the old versions of the
-- rows just updated: building the overlap constraint over those took minutes on PGlite.
alter table public.appointments
  alter column buffer_minutes type integer using coalesce(buffer_minutes, 0),
  alter column buffer_minutes set not null,
  add constraint appointments_price_check check (price >= 0),
  add constraint appointments_buffer_minutes_check check (buffer_minutes >= 0);

-- BEFORE triggers fire in the order of their names: this one comes before check_appointment_overlap,
-- which needs the buffer. "A price whenever there is a service" is checked here rather than by a
-- constraint, which would fire before the foreign key and answer a missing service with 23514.
create function practice_private.apply_service_terms() returns trigger
language plpgsql set search_path = '' as $$
declare
  service_changed boolean := tg_op = 'INSERT' or new.service_id is distinct from old.service_id;
  service public.service_menu;
begin
  if new.service_id is not null and (service_changed or new.price is null) then
    select * into service from public.service_menu where therapist_id = new.therapist_id and id = new.service_id;
    -- A missing service is the foreign key's to report.
    if found then
      if tg_op = 'INSERT' then
        new.price := coalesce(new.price, service.price);
        new.buffer_minutes := coalesce(new.buffer_minutes, service.buffer_minutes);
      elsif service_changed then
        -- Switching the service takes its terms, unless the same update sets them itself.
        if new.price is not distinct from old.price then
          new.price := service.price;
        end if;
        if new.buffer_minutes is not distinct from old.buffer_minutes then
          new.buffer_minutes := service.buffer_minutes;
        end if;
      end if;
      if new.price is null then
        raise exception using
          errcode = 'check_violation',
          message = format('Appointment %s has service %s, so it needs a price', new.id, service.name),
          hint = 'Give a price of 0 or more, or leave price out to take the service''s.';
      end if;
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.buffer_minutes := coalesce(new.buffer_minutes, 0);
  end if;
  return new;
end $$;
create trigger apply_service_terms before insert or update of service_id, price on public.appointments
  for each row execute function practice_private.apply_service_terms();

comment on column public.appointments.price is 'Price agreed at booking, 0 or more; copied from the service when omitted, and taken from the new service when an update changes service_id without setting price. Null only without a service.';
comment on column public.appointments.buffer_minutes is 'Minutes kept free after the appointment, 0 or more; copied from the service when omitted (0 without one), and taken from the new service when an update changes service_id without setting it. Counts in the overlap rule.';
`;
