// The practice's free time and slots as SQL (issue 28): each day's opening hours less its closures,
// less every booking that blocks with its buffer, less the past. Times only, never who is booked: this
// is the part a public booking page may later show (docs/architecture.md). Minutes are local wall-clock
// time in the practice's zone, as appointments' date and times are, so a buffer crosses midnight.

// The caller's practice, named explicitly on top of row-level security so a distributed database
// routes every read to one shard (docs/scale-out.md).
const ME = '(select auth.uid())';

// Inline pieces shared by the functions below (one definition, pasted into each plpgsql body, whose
// plans PostgreSQL keeps for the session: a SQL function of its own is planned again on every call).
// The hours of each day from `day_from` to `day_to` as local ranges: a practice with no hours has no
// opinion and is open 00:00-23:59 every day (DESIGN.md section 3).
const openings = `
  with days as (
    select day::date as day from generate_series(day_from, day_to, interval '1 day') as day
  ), hours_set as (
    select exists (select 1 from public.business_hours where therapist_id = ${ME}) as set
  )
  select days.day, tsrange(days.day + hours.open_time, days.day + hours.close_time) as opening
  from days join public.business_hours as hours
    on hours.therapist_id = ${ME}
   and hours.day_of_week = (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from days.day)]
  union all
  select days.day, tsrange(days.day, days.day + time '23:59') from days, hours_set where not hours_set.set`;

// Each opening of the days asked about (numbered), and what of it closures leave usable for a visit.
const hours = `
  with openings as (${openings}
  ), closed as (
    select coalesce(range_agg(tsrange(closure.starts_at, closure.ends_at)), '{}'::tsmultirange) as ranges
    from public.closures as closure
    where closure.therapist_id = ${ME} and closure.starts_at < day_to + 1 and closure.ends_at > day_from::timestamp
  )
  select row_number() over () as n, openings.day, openings.opening, tsmultirange(openings.opening) - closed.ranges as usable
  from openings, closed`;

// Which bookings block, as migration 4's overlap rule says: those not cancelled or no_show. Migration
// 20 passes its own rule (a request's hold blocks until it expires) to the functions it replaces.
export const BLOCKS_UNTIL_CANCELLED = `booked.status not in ('cancelled', 'no_show')`;

// What bookings keep from others: each appointment that blocks, from its start to its end plus its
// buffer (the overlap rule of migration 4), merged. The day before is read too: its buffer may run
// past midnight.
const busy = (blocks: string) => `
  select coalesce(range_agg(tsrange(booked."date" + booked.start_time, booked."date" + booked.end_time + booked.buffer_minutes * interval '1 minute')), '{}'::tsmultirange) as ranges
  from public.appointments as booked
  where booked.therapist_id = ${ME} and booked."date" between day_from - 1 and day_to + 1
    and ${blocks}`;

/** free_slots' checks of its arguments (migration 25's free_slots makes the same). */
export const SLOT_ARGUMENT_CHECKS = `  if day_to < day_from or day_to > day_from + 365 then
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
  end if;`;

/** free_windows and free_slots with `blocks` as the rule of which bookings block (see BLOCKS_UNTIL_CANCELLED). */
export const freeWindowsAndSlots = (create: 'create' | 'create or replace', blocks: string) => `
-- The free time: inside the openings, outside closures and bookings, not before not_before.
${create} function public.free_windows(day_from date, day_to date, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  return query
  with busy as (${busy(blocks)}
  ), hours as (${hours}
  )
  select hours.day, to_char(lower(free), 'HH24:MI'), to_char(upper(free), 'HH24:MI')
  from hours, busy,
    unnest(hours.usable - busy.ranges
      - case when not_before is null then '{}'::tsmultirange else tsmultirange(tsrange(null, not_before)) end) as free
  order by 1, 2;
end
$$;
comment on function public.free_windows(date, date, timestamp) is 'Free time from day_from to day_to (local), not before not_before: the opening hours less closures and bookings with their buffers. Times only.';

-- Where a visit of length_minutes fits, its buffer_after kept free after it: every step_minutes from
-- the opening, plus each edge (an opening, the end of a booking and its buffer, the end of a closure),
-- as long as the visit lies inside one free window and its buffer touches no booking.
${create} function public.free_slots(day_from date, day_to date, length_minutes integer, buffer_after integer default 0,
  step_minutes integer default 15, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
${SLOT_ARGUMENT_CHECKS}
  return query
  with busy as (${busy(blocks)}
  ), hours as (${hours}
  ), windows as (
    -- The free windows, each with the opening its grid counts from; an edge is where one starts,
    -- unless it starts only because it is now.
    select hours.day, lower(hours.opening) as origin, lower(free) as opens, upper(free) as closes,
      not_before is null or lower(free) <> not_before or lower(free) = lower(hours.opening) as edge
    from hours, busy,
      unnest(hours.usable - busy.ranges
        - case when not_before is null then '{}'::tsmultirange else tsmultirange(tsrange(null, not_before)) end) as free
  ), starts as (
    select windows.day, windows.closes, windows.opens as start from windows where windows.edge
    union all
    select windows.day, windows.closes, grid
    from windows, generate_series(
      windows.origin + ceil(extract(epoch from windows.opens - windows.origin) / 60 / step_minutes) * step_minutes * interval '1 minute',
      windows.closes - length_minutes * interval '1 minute', step_minutes * interval '1 minute') as grid
    where grid > windows.opens or not windows.edge
  )
  -- Inside its window the visit is open and clear of bookings; its buffer must clear them too.
  select starts.day, to_char(starts.start, 'HH24:MI'), to_char(starts.start + length_minutes * interval '1 minute', 'HH24:MI')
  from starts, busy
  where starts.start + length_minutes * interval '1 minute' <= starts.closes
    and not busy.ranges && tsrange(starts.start, starts.start + (length_minutes + buffer_after) * interval '1 minute')
  order by 1, 2;
end
$$;
comment on function public.free_slots(date, date, integer, integer, integer, timestamp) is 'Each start where a visit of length_minutes (and buffer_after kept free after it) fits, from day_from to day_to, on a grid of step_minutes from the opening plus the edges of the free time. Times only: safe for a public page.';

`;

export const freeTimeFunctions = `${freeWindowsAndSlots('create', BLOCKS_UNTIL_CANCELLED)}-- The answer of \`appt slots --json\`: the range, the length asked for, and each day with its free time
-- and, given a service or a length, its slots. A service gives its duration and its buffer.
create function public.free_time(day_from date, day_to date, not_before timestamp default null, time_zone text default null,
  service uuid default null, length_minutes integer default null, buffer_after integer default null, step_minutes integer default 15)
returns jsonb
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  offered_name text;
  now_local timestamp := coalesce(not_before, case when time_zone is null then null else now() at time zone time_zone end);
  visit_minutes integer := length_minutes;
  buffer integer := coalesce(buffer_after, 0);
  answer jsonb;
begin
  if day_to < day_from or day_to > day_from + 365 then
    raise exception 'the range runs from % to %: it must end on or after its start, within 366 days', day_from, day_to using errcode = '22023';
  end if;
  if service is not null then
    if length_minutes is not null then
      raise exception 'give a service or a length, not both' using errcode = '22023';
    end if;
    select menu.name, menu.duration, menu.buffer_minutes into offered_name, visit_minutes, buffer
    from public.service_menu as menu where menu.therapist_id = ${ME} and menu.id = service;
    if not found then
      raise exception 'no service %', service using errcode = '22023', hint = 'List the services with practice service list.';
    end if;
  end if;
  with hours as (${hours}
  ), free as (
    select * from public.free_windows(day_from, day_to, now_local)
  ), slots as (
    select * from public.free_slots(day_from, day_to, visit_minutes, buffer, step_minutes, now_local) where visit_minutes is not null
  ), days as (
    select day::date as date from generate_series(day_from, day_to, interval '1 day') as day
  )
  select jsonb_build_object(
    'from', day_from, 'to', day_to, 'time_zone', time_zone,
    'service_id', service, 'service_name', offered_name,
    'duration_minutes', visit_minutes, 'buffer_minutes', case when visit_minutes is null then null else buffer end,
    'step_minutes', case when visit_minutes is null then null else step_minutes end,
    'business_hours_set', exists (select 1 from public.business_hours where therapist_id = ${ME}),
    'days', coalesce(jsonb_agg(jsonb_build_object(
      'date', days.date,
      'day_of_week', (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from days.date)],
      'closed', not exists (select 1 from hours where hours.day = days.date),
      'closures', (select coalesce(jsonb_agg(jsonb_build_object(
          'start', to_char(greatest(starts_at, days.date::timestamp), 'HH24:MI'),
          'end', case when ends_at >= days.date + 1 then '24:00' else to_char(ends_at, 'HH24:MI') end,
          'reason', reason) order by starts_at), '[]')
        from public.closures where therapist_id = ${ME} and starts_at < days.date + 1 and ends_at > days.date::timestamp),
      'free', (select coalesce(jsonb_agg(jsonb_build_object('start', free.start_time, 'end', free.end_time) order by free.start_time), '[]')
        from free where free.date = days.date)
    ) || case when visit_minutes is null then '{}'::jsonb else jsonb_build_object('slots', (select coalesce(jsonb_agg(jsonb_build_object('start', slots.start_time, 'end', slots.end_time) order by slots.start_time), '[]')
        from slots where slots.date = days.date)) end
    order by days.date), '[]'))
  into answer
  from days;
  return answer;
end
$$;
comment on function public.free_time(date, date, timestamp, text, uuid, integer, integer, integer) is 'The appt slots answer: each day from day_from to day_to with its closures, free time and, given a service or length_minutes, its slots; today from not_before (or now in time_zone) on.';
`;
