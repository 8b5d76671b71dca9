// free_windows, free_slots and the public booking_free_starts on the query of free-starts.ts (issue
// 31.8): the same signatures, arguments checks, answers and errors as migrations 12 and 20.
import { MAX_DAYS_PER_CALL, refuse, RESTORES_CALLER, STEP_MINUTES } from '../0020/public-calls.js';
import { freeStartsQuery, freeWindowsQuery } from './free-starts.js';

// JIT would compile for longer than the answer takes, and one plan a session serves every call: the
// arguments change no plan worth a new one (as migration 12 says of every answer).
const ONE_PLAN = 'set jit = off set plan_cache_mode = force_generic_plan';

const ranged = { practice: 'practice', dayFrom: 'day_from', dayTo: 'day_to', notBefore: 'not_before' };

export const freeTimeFunctions = `
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
  if day_to < day_from or day_to > day_from + 365 then
    raise exception 'the range runs from % to %: it must end on or after its start, within 366 days', day_from, day_to using errcode = '22023';
  end if;
  if length_minutes is null or length_minutes not between 1 and 1439 then
    raise exception 'length_minutes must be 1 to 1439; got %', length_minutes using errcode = '22023';
  end if;
  if step_minutes is null or step_minutes not between 1 and 1439 then
    raise exception 'step_minutes must be 1 to 1439; got %', step_minutes using errcode = '22023';
  end if;
  if buffer_after is null or buffer_after not between 0 and 1440 then
    raise exception 'buffer_after must be 0 to 1440; got %', buffer_after using errcode = '22023';
  end if;
  return query
  select slot.day, to_char(slot.start, 'HH24:MI'), to_char(slot.start + length_minutes * interval '1 minute', 'HH24:MI')
  from (${freeStartsQuery({ ...ranged, lengthMinutes: 'length_minutes', bufferAfter: 'buffer_after', stepMinutes: 'step_minutes' })}
  ) as slot
  order by slot.start;
end
$$;

-- The page's starts straight from the query, as local times and instants (before: free_slots' text,
-- parsed back into times).
create or replace function public.booking_free_starts(slug text, service_id uuid, from_day date, to_day date)
returns table (day date, start_time text, starts_at timestamptz)
language plpgsql stable security definer set search_path = '' ${RESTORES_CALLER} ${ONE_PLAN} as $$
declare
  page public.booking_pages := practice_private.enter_booking_page(booking_free_starts.slug);
  visit_minutes integer;
  buffer integer;
  earliest timestamp := (pg_catalog.now() at time zone page.time_zone) + page.notice_minutes * interval '1 minute';
  first_day date;
  last_day date;
begin
  if from_day is null or to_day is null or to_day < from_day then
    ${refuse('22023', `'Choose a range of days that ends on or after its first day.'`)};
  end if;
  if to_day - from_day >= ${MAX_DAYS_PER_CALL} then
    ${refuse('22023', `pg_catalog.format('Ask for at most ${MAX_DAYS_PER_CALL} days at a time; %s to %s is %s days.', from_day, to_day, to_day - from_day + 1)`)};
  end if;
  select offered.duration, offered.buffer_minutes into visit_minutes, buffer
    from public.service_menu as offered
    where offered.therapist_id = page.therapist_id and offered.id = booking_free_starts.service_id and offered.active
      and (page.service_ids is null or offered.id = any(page.service_ids));
  if not found then
    ${refuse('22023', `'This service is not offered on this page; choose one of the services listed.'`)};
  end if;
  first_day := greatest(from_day, earliest::date);
  last_day := least(to_day, (pg_catalog.now() at time zone page.time_zone)::date + page.horizon_days);
  if first_day > last_day then
    return;
  end if;
  return query
    select slot.day, pg_catalog.to_char(slot.start, 'HH24:MI'), slot.start at time zone page.time_zone
    from (${freeStartsQuery({ practice: 'page.therapist_id', dayFrom: 'first_day', dayTo: 'last_day', notBefore: 'earliest', lengthMinutes: 'visit_minutes', bufferAfter: 'buffer', stepMinutes: String(STEP_MINUTES) })}
    ) as slot
    order by slot.start;
end $$;
`;
