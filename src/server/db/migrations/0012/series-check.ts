// The series check as SQL: what stands in the way of each day a rule would hit, found before anything
// is booked. An appointment it would overlap (buffers counted, as the overlap rule counts them) is always
// refused; a closure, a closed day or a time outside the opening hours is advice that --yes accepts, as
// for one booking. Names the other appointment's client: for the practice only.

const ME = '(select auth.uid())';

export const seriesCheckFunction = `
create function public.series_check(dates date[], start_time time, end_time time, service uuid default null,
  moving uuid[] default '{}')
returns table (date date, kind text, reason text, other_id uuid, other_client text, other_date date,
  other_start text, other_end text, other_status text)
language plpgsql stable security invoker as $$
declare
  buffer integer := 0;
  hours_set boolean := exists (select 1 from public.business_hours as hours where hours.therapist_id = ${ME});
begin
  if end_time <= start_time then
    raise exception 'the visit ends (%) before it starts (%)', end_time, start_time using errcode = '22023';
  end if;
  if coalesce(cardinality(dates), 0) > 1000 then
    raise exception 'at most 1000 dates a check; got %', cardinality(dates) using errcode = '22023';
  end if;
  if service is not null then
    select coalesce(menu.buffer_minutes, 0) into buffer from public.service_menu as menu
    where menu.therapist_id = ${ME} and menu.id = service;
  end if;
  return query
  with occurrences as (
    select distinct day,
      tsrange(day + series_check.start_time, day + series_check.end_time) as visit,
      tsrange(day + series_check.start_time, day + series_check.end_time + coalesce(buffer, 0) * interval '1 minute') as kept,
      (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from day)] as weekday
    from unnest(dates) as day
  ), overlapping as (
    select distinct on (occurrences.day) occurrences.day, 'overlap'::text as kind, 'overlaps'::text as reason,
      other.id, coalesce(other.client_name, other.client_id::text) as client, other."date",
      to_char(other.start_time, 'HH24:MI') as starts, to_char(other.end_time, 'HH24:MI') as ends, other.status
    from occurrences
    join public.appointments as other
      on other.therapist_id = ${ME} and other."date" between occurrences.day - 1 and occurrences.day + 1
     and other.status not in ('cancelled', 'no_show') and not other.id = any(coalesce(moving, '{}'))
     and tsrange(other."date" + other.start_time, other."date" + other.end_time + other.buffer_minutes * interval '1 minute') && occurrences.kept
    order by occurrences.day, other."date", other.start_time
  ), outside as (
    select occurrences.day,
      case when not exists (select 1 from public.business_hours as hours where hours.therapist_id = ${ME} and hours.day_of_week = occurrences.weekday)
        then 'a closed day' else 'outside business hours' end as reason
    from occurrences
    where hours_set and not exists (
      select 1 from public.business_hours as hours
      where hours.therapist_id = ${ME} and hours.day_of_week = occurrences.weekday
        and hours.open_time <= series_check.start_time and series_check.end_time <= hours.close_time)
  ), closed as (
    select distinct on (occurrences.day) occurrences.day,
      case when closure.reason is null then 'closed' else 'closed: ' || closure.reason end as reason
    from occurrences
    join public.closures as closure
      on closure.therapist_id = ${ME} and tsrange(closure.starts_at, closure.ends_at) && occurrences.visit
    order by occurrences.day, closure.starts_at
  )
  select overlapping.day, overlapping.kind, overlapping.reason, overlapping.id, overlapping.client, overlapping."date", overlapping.starts, overlapping.ends, overlapping.status from overlapping
  union all
  select outside.day, 'hours', outside.reason, null, null, null, null, null, null from outside
  union all
  select closed.day, 'closure', closed.reason, null, null, null, null, null, null from closed
  order by 1, 2 desc;
end
$$;
comment on function public.series_check(date[], time, time, uuid, uuid[]) is 'For each date a series would hit at start_time-end_time (with the service''s buffer): the appointment it overlaps (refused), and closures, closed days or times outside the hours (advice). moving names appointments being moved, left out. Practice only.';
`;
