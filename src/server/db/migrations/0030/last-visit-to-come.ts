// A client's clinical period counts from their last visit, and a visit still to come is one: a
// client whose last completed visit is older than the period but who has booked again kept nothing
// from the purge (migration 19 dated them by that old visit alone, so `retention purge --yes`
// deleted the booking to come and its reminders with the rest).

export const lastVisitToCome = `
-- The last visit: a completed appointment, a note, or a visit booked to come (scheduled, confirmed
-- or requested, today or later), whichever is latest; a client with none of them is dated by their
-- last appointment up to today, else by when they were added. An erased client of whom no
-- appointment or note is left has nothing kept: due at once, so the purge removes the row "once
-- nothing is left" (migration 19 dated it by when the client was added, years on).
create or replace function practice_private.clinical_kept_until(practice uuid, client uuid, years integer) returns date
language sql stable as $$
  select case when exists (select from public.clients c where c.therapist_id = practice and c.id = client and c.erased_at is not null)
      and not exists (select from public.appointments a where a.therapist_id = practice and a.client_id = client)
      and not exists (select from public.sessions s where s.therapist_id = practice and s.client_id = client)
    then current_date - 1
  else (coalesce(
    greatest(
      (select max(a."date") from public.appointments a where a.therapist_id = practice and a.client_id = client and a.status = 'completed'),
      (select max(s.created_at)::date from public.sessions s where s.therapist_id = practice and s.client_id = client),
      (select max(a."date") from public.appointments a where a.therapist_id = practice and a.client_id = client
        and a."date" >= current_date and a.status in ('scheduled', 'confirmed', 'requested'))),
    (select max(a."date") from public.appointments a where a.therapist_id = practice and a.client_id = client and a."date" <= current_date),
    (select c.created_at::date from public.clients c where c.therapist_id = practice and c.id = client)
  ) + pg_catalog.make_interval(years => years))::date end
$$;
`;
