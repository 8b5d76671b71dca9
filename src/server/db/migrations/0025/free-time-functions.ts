// free_windows, free_slots and the public booking_free_starts on the query of free-starts.ts (issue
// 31.8): the same signatures, arguments checks, answers and errors as migrations 12 and 20.
import { SLOT_ARGUMENT_CHECKS } from '../0012/free-time.js';
import { FREE_STARTS_PROLOGUE, RESTORES_CALLER, STEP_MINUTES } from '../0020/public-calls.js';
import { freeStartsQuery, freeWindowsQuery, NEXT_TAKEN_BY_EACH_BOOKING, type WindowsQuery } from './free-starts.js';

// JIT would compile for longer than the answer takes, and one plan a session serves every call: the
// arguments change no plan worth a new one (as migration 12 says of every answer).
const ONE_PLAN = 'set jit = off set plan_cache_mode = force_generic_plan';

const ranged = { practice: 'practice', dayFrom: 'day_from', dayTo: 'day_to', notBefore: 'not_before' };

/** The three functions, finding the booking after each free window as `nextTaken` does (free-starts.ts). */
export const freeTimeFunctionsSql = (nextTaken: WindowsQuery) => `
create or replace function public.free_windows(day_from date, day_to date, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker ${ONE_PLAN} as $$
declare
  practice uuid := auth.uid();
begin
  return query
  select free.day, to_char(free.opens, 'HH24:MI'), to_char(free.closes, 'HH24:MI')
  from (${freeWindowsQuery(ranged)}
  ) as free;
end
$$;

create or replace function public.free_slots(day_from date, day_to date, length_minutes integer, buffer_after integer default 0,
  step_minutes integer default 15, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker ${ONE_PLAN} as $$
declare
  practice uuid := auth.uid();
begin
${SLOT_ARGUMENT_CHECKS}
  return query
  select slot.day, to_char(slot.start, 'HH24:MI'), to_char(slot.start + length_minutes * interval '1 minute', 'HH24:MI')
  from (${freeStartsQuery({ ...ranged, lengthMinutes: 'length_minutes', bufferAfter: 'buffer_after', stepMinutes: 'step_minutes' }, nextTaken)}
  ) as slot
  order by slot.start;
end
$$;

-- The page's starts straight from the query, as local times and instants (before: free_slots' text,
-- parsed back into times).
create or replace function public.booking_free_starts(slug text, service_id uuid, from_day date, to_day date)
returns table (day date, start_time text, starts_at timestamptz)
language plpgsql stable security definer set search_path = '' ${RESTORES_CALLER} ${ONE_PLAN} as $$
${FREE_STARTS_PROLOGUE}  return query
    select slot.day, pg_catalog.to_char(slot.start, 'HH24:MI'), slot.start at time zone page.time_zone
    from (${freeStartsQuery({ practice: 'page.therapist_id', dayFrom: 'first_day', dayTo: 'last_day', notBefore: 'earliest', lengthMinutes: 'visit_minutes', bufferAfter: 'buffer', stepMinutes: String(STEP_MINUTES) }, nextTaken)}
    ) as slot
    order by slot.start;
end $$;
`;

export const freeTimeFunctions = freeTimeFunctionsSql(NEXT_TAKEN_BY_EACH_BOOKING);
