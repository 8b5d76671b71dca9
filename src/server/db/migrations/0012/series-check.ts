// The series check as SQL: what stands in the way of each day a rule would hit, found before anything
// is booked. An appointment it would overlap (buffers counted, as the overlap rule counts them) is always
// refused; a closure, a closed day or a time outside the opening hours is advice that --yes accepts, as
// for one booking. Names the other appointment's client: for the practice only.

const ME = '(select auth.uid())';

// Which appointments stand in the way, as the overlap rule says (migration 4); migration 20 passes
// its own rule (a request's hold blocks until it expires) to the function it replaces.
const BLOCKS_UNTIL_CANCELLED = `other.status not in ('cancelled', 'no_show')`;

/** series_check with `blocks` as the rule of which appointments stand in the way (alias `other`). */
export const seriesCheck = (create: 'create' | 'create or replace', blocks: string) => `
-- occurrences: a JSON array of {"date": "YYYY-MM-DD", "start_time": "HH:MM", "end_time": "HH:MM"}.
${create} function public.series_check(occurrences jsonb, service uuid default null, moving uuid[] default '{}')
returns table (date date, kind text, reason text, opening text, other_id uuid, other_client text, other_date date,
  other_start text, other_end text, other_status text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  buffer integer := 0;
  hours_set boolean := exists (select 1 from public.business_hours as hours where hours.therapist_id = ${ME});
begin
  if jsonb_typeof(occurrences) is distinct from 'array' or jsonb_array_length(occurrences) > 1000 then
    raise exception 'occurrences must be an array of at most 1000 {date, start_time, end_time}' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(occurrences) as item where (item ->> 'end_time')::time <= (item ->> 'start_time')::time) then
    raise exception 'an occurrence ends before it starts' using errcode = '22023';
  end if;
  if service is not null then
    select coalesce(menu.buffer_minutes, 0) into buffer from public.service_menu as menu
    where menu.therapist_id = ${ME} and menu.id = service;
  end if;
  return query
  with asked as (
    select distinct (item ->> 'date')::date as day, (item ->> 'start_time')::time as starts, (item ->> 'end_time')::time as ends
    from jsonb_array_elements(occurrences) as item
  ), occurrences as (
    select asked.day, asked.starts, asked.ends,
      tsrange(asked.day + asked.starts, asked.day + asked.ends) as visit,
      tsrange(asked.day + asked.starts, asked.day + asked.ends + coalesce(buffer, 0) * interval '1 minute') as kept,
      (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from asked.day)] as weekday
    from asked
  ), overlapping as (
    select distinct on (occurrences.day, occurrences.starts) occurrences.day, occurrences.starts,
      other.id, coalesce(other.client_name, other.client_id::text) as client, other."date",
      to_char(other.start_time, 'HH24:MI') as other_starts, to_char(other.end_time, 'HH24:MI') as other_ends, other.status
    from occurrences
    join public.appointments as other
      on other.therapist_id = ${ME} and other."date" between occurrences.day - 1 and occurrences.day + 1
     and ${blocks} and not other.id = any(coalesce(moving, '{}'))
     and tsrange(other."date" + other.start_time, other."date" + other.end_time + other.buffer_minutes * interval '1 minute') && occurrences.kept
    order by occurrences.day, occurrences.starts, other."date", other.start_time
  ), outside as (
    select occurrences.day, occurrences.starts,
      (select string_agg(to_char(hours.open_time, 'HH24:MI') || '-' || to_char(hours.close_time, 'HH24:MI'), ', ' order by hours.open_time)
       from public.business_hours as hours where hours.therapist_id = ${ME} and hours.day_of_week = occurrences.weekday) as opening
    from occurrences
    where hours_set and not exists (
      select 1 from public.business_hours as hours
      where hours.therapist_id = ${ME} and hours.day_of_week = occurrences.weekday
        and hours.open_time <= occurrences.starts and occurrences.ends <= hours.close_time)
  ), closed as (
    select distinct on (occurrences.day, occurrences.starts) occurrences.day, occurrences.starts,
      case when closure.reason is null then 'closed' else 'closed: ' || closure.reason end as reason
    from occurrences
    join public.closures as closure
      on closure.therapist_id = ${ME} and closure.starts_at < occurrences.day + 2 and closure.ends_at > occurrences.day - 1
     and tsrange(closure.starts_at, closure.ends_at) && occurrences.visit
    order by occurrences.day, occurrences.starts, closure.starts_at
  )
  select found.day, found.kind, found.reason, found.opening, found.id, found.client, found.other_date, found.other_starts, found.other_ends, found.status
  from (
    select overlapping.day, overlapping.starts, 0 as rank, 'overlap' as kind, 'overlaps' as reason, null::text as opening, overlapping.id, overlapping.client,
      overlapping."date" as other_date, overlapping.other_starts, overlapping.other_ends, overlapping.status
    from overlapping
    union all
    select closed.day, closed.starts, 1, 'closure', closed.reason, null, null, null, null, null, null, null from closed
    union all
    select outside.day, outside.starts, 2, 'hours', case when outside.opening is null then 'a closed day' else 'outside business hours' end,
      outside.opening, null, null, null, null, null, null
    from outside
  ) as found
  order by found.day, found.starts, found.rank;
end
$$;
comment on function public.series_check(jsonb, uuid, uuid[]) is 'For each occurrence {date, start_time, end_time} of a series (with the service''s buffer): the appointment it overlaps (refused), a closure, a closed day or a time outside the hours (advice; opening names the day''s hours). moving names appointments being moved, left out. Practice only.';
`;

export const seriesCheckFunction = seriesCheck('create', BLOCKS_UNTIL_CANCELLED);
