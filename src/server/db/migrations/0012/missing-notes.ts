// `note missing` as SQL: the paperwork that is due. A completed appointment from `since` to `today`
// with no note, and a note still unsigned that was written before `unsigned_before`, oldest first.
// Clinical bookkeeping: for the practice only.

const ME = '(select auth.uid())';

export const missingNotesFunction = `
create function public.missing_notes(since date, today date, unsigned_before timestamptz)
returns table (kind text, date date, client text, client_id uuid, appointment_id uuid, note_id uuid)
language sql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
  select 'no_note', visit."date", coalesce(visit.client_name, person.name, visit.client_id::text), visit.client_id, visit.id, null::uuid
  from public.appointments as visit
  left join public.clients as person on person.therapist_id = visit.therapist_id and person.id = visit.client_id
  where visit.therapist_id = ${ME} and visit.status = 'completed' and visit."date" between since and today
    and not exists (select 1 from public.sessions as note where note.therapist_id = ${ME} and note.appointment_id = visit.id)
  union all
  select 'unsigned', (note.created_at at time zone 'UTC')::date, coalesce(person.name, note.client_id::text), note.client_id, note.appointment_id, note.id
  from public.sessions as note
  left join public.clients as person on person.therapist_id = note.therapist_id and person.id = note.client_id
  where note.therapist_id = ${ME} and note.signed_at is null and note.created_at < unsigned_before
    and (note.appointment_id is not null or (note.created_at at time zone 'UTC')::date >= since)
  order by 2, 1, 3
$$;
comment on function public.missing_notes(date, date, timestamptz) is 'Completed appointments from since to today without a note, and notes unsigned since before unsigned_before, oldest first. Practice only.';
`;
