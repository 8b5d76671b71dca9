// The end of the day: which visits are over but still scheduled or confirmed, nobody having said
// whether they were held. `practice appt unresolved` calls it through POST /rest/v1/rpc/.
export const unresolvedAppointments = `
-- Answers: the caller's appointments still scheduled or confirmed that ended at or before "before"
-- (local wall-clock time, the practice's zone, as appointments' date and times are), oldest first.
-- Who may call it: a signed-in therapist; security invoker, so row-level security keeps it to their own.
create function public.unresolved_appointments(before timestamp)
returns setof public.appointments
language sql stable security invoker set search_path = '' as $$
  select a.* from public.appointments a
  where a.status in ('scheduled', 'confirmed') and a.date + a.end_time <= before
  order by a.date, a.start_time, a.id
$$;
-- Supabase grants new functions to anon by default: the answer is for signed-in therapists only.
revoke all on function public.unresolved_appointments(timestamp) from public, anon;
grant execute on function public.unresolved_appointments(timestamp) to authenticated, service_role;
`;
