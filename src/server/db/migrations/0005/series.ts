// A recurring series is its appointments: each carries the series' id and the RFC 5545 rule that made
// it, so a backend without a series table (or a hosted Supabase) holds a series as plain rows.
export const series = `
alter table public.appointments
  add column series_id uuid,
  add column recurrence text,
  add constraint appointments_recurrence_check check (recurrence is null or series_id is not null);
-- "This one and the later ones" reads a series in date order.
create index appointments_series on public.appointments (therapist_id, series_id, "date") where series_id is not null;
comment on column public.appointments.series_id is 'The recurring series the appointment belongs to; the same id on each of its appointments. Null for a single booking.';
comment on column public.appointments.recurrence is 'The RFC 5545 rule of the series (DTSTART with TZID, then RRULE), as it was booked. Only with series_id.';
`;
