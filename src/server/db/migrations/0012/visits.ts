// `report visits` and `report clients` as SQL: how bookings turned out by interval or service, and who
// came (new, returning) or lapsed. Counts and client names: for the practice only.
import { checkPeriod, intervalLabel, intervalsOfPeriod } from './periods.js';

const ME = '(select auth.uid())';

/**
 * visits_report: \`counted\` narrows which appointments of the period count at all (migration 25 leaves
 * out requests from the booking page that were never accepted); nothing, in migration 12.
 */
export const visitsReport = (create: 'create' | 'create or replace', counted = '') => `
-- The no-show rate is over the appointments that were due to happen (completed + no-show), the
-- cancellation rate over every appointment booked in the period; percent, one decimal, half up.
${create} function public.visits_report(day_from date, day_to date, group_by text default 'week')
returns table (key text, label text, booked integer, visits integer, no_show integer, cancelled integer,
  no_show_rate numeric, cancellation_rate numeric)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkPeriod(['day', 'week', 'month', 'service'])}
  return query
  with booked as (
    select visit.status,
      case when group_by = 'service' then coalesce(visit.service_id::text, '') else ${intervalLabel('visit."date"', 'group_by')} end as key,
      case when group_by = 'service' then coalesce(menu.name, '(no service)') end as name
    from public.appointments as visit
    left join public.service_menu as menu
      on group_by = 'service' and menu.therapist_id = visit.therapist_id and menu.id = visit.service_id
    where visit.therapist_id = ${ME} and visit."date" between day_from and day_to${counted}
  ), intervals as (
    ${intervalsOfPeriod('group_by')}
  ), groups as (
    select intervals.label as key, intervals.label as name from intervals where group_by <> 'service'
    union
    select distinct booked.key, booked.name from booked where group_by = 'service'
  ), counts as (
    select groups.key, groups.name, count(booked.status)::integer as booked,
      (count(*) filter (where booked.status = 'completed'))::integer as visits,
      (count(*) filter (where booked.status = 'no_show'))::integer as no_show,
      (count(*) filter (where booked.status = 'cancelled'))::integer as cancelled
    from groups left join booked on booked.key = groups.key
    group by groups.key, groups.name
  )
  select counts.key, counts.name, counts.booked, counts.visits, counts.no_show, counts.cancelled,
    case when counts.visits + counts.no_show = 0 then null else round(counts.no_show * 100.0 / (counts.visits + counts.no_show), 1) end,
    case when counts.booked = 0 then null else round(counts.cancelled * 100.0 / counts.booked, 1) end
  from counts
  order by case when group_by <> 'service' then counts.key end, counts.booked desc, counts.name;
end
$$;
comment on function public.visits_report(date, date, text) is 'Bookings of the period by day, week, month or service: booked, visits (completed), no-shows, cancellations and their rates in percent. Practice only.';
`;

/**
 * clients_report: \`ahead\` says what a client has booked from today on (alias \`ahead\`), which keeps
 * them from counting as lapsed; migration 25 adds a request waiting for the therapist.
 */
export const clientsReport = (create: 'create' | 'create or replace', ahead = `ahead.status in ('scheduled', 'confirmed')`) => `
-- New: their first completed visit ever is in the period; returning: they came in it and before;
-- lapsed: no completed visit for lapse_days before the period's end (or today, if earlier) and nothing
-- scheduled or confirmed from today on.
${create} function public.clients_report(day_from date, day_to date, today date, lapse_days integer default 60, lapsed_only boolean default false)
returns table (client_id uuid, client text, kind text, first_visit date, last_visit date, visits integer, revenue numeric,
  all_visits integer, all_revenue numeric)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;
  if lapse_days is null or lapse_days < 0 then
    raise exception 'lapse_days must be 0 or more; got %', lapse_days using errcode = '22023';
  end if;
  return query
  with history as (
    select visit.client_id as id, (array_agg(coalesce(visit.client_name, visit.client_id::text) order by visit."date" desc))[1] as name,
      min(visit."date") as first, max(visit."date") as last,
      (count(*) filter (where visit."date" >= day_from))::integer as visits,
      coalesce(sum(visit.price) filter (where visit."date" >= day_from), 0) as revenue,
      count(*)::integer as all_visits, coalesce(sum(visit.price), 0) as all_revenue
    from public.appointments as visit
    where visit.therapist_id = ${ME} and visit.status = 'completed' and visit."date" <= day_to
    group by visit.client_id
  ), kinds as (
    select history.*,
      case when history.visits > 0 then case when history.first >= day_from then 'new' else 'returning' end
        when history.last <= least(day_to, today) - lapse_days and not exists (
          select 1 from public.appointments as ahead
          where ahead.therapist_id = ${ME} and ahead.client_id = history.id and ahead."date" >= today
            and ${ahead}) then 'lapsed' end as kind
    from history
  )
  select kinds.id, kinds.name, kinds.kind, kinds.first, kinds.last, kinds.visits, kinds.revenue::numeric(14, 2),
    kinds.all_visits, kinds.all_revenue::numeric(14, 2)
  from kinds
  where kinds.kind is not null and (not lapsed_only or kinds.kind = 'lapsed')
  order by array_position(array['new', 'returning', 'lapsed'], kinds.kind), kinds.last desc, kinds.name;
end
$$;
comment on function public.clients_report(date, date, date, integer, boolean) is 'Clients of the period: new, returning, and lapsed (not seen for lapse_days and nothing booked from today), with visits and revenue in the period and ever. Practice only.';
`;

export const visitFunctions = `${visitsReport('create')}${clientsReport('create')}`;
