// `report revenue` as SQL: completed appointments at the price kept on each (exact numeric), with the
// cancelled and no-show ones counted beside them, by day, week, month, service or client. Names of
// clients and what they paid: for the practice only, never for a public page.
import { checkPeriod, intervalLabel, intervalsOfPeriod } from './periods.js';

const ME = '(select auth.uid())';

/**
 * revenue_report: \`counted\` narrows which appointments of the period count at all (migration 25 leaves
 * out requests from the booking page that were never accepted); nothing, in migration 12.
 */
export const revenueReport = (create: 'create' | 'create or replace', counted = '') => `
${create} function public.revenue_report(day_from date, day_to date, group_by text default 'day')
returns table (key text, label text, completed integer, revenue numeric, cancelled integer, no_show integer, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkPeriod(['day', 'week', 'month', 'service', 'client'])}
  return query
  with visits as (
    select visit.status, visit.price,
      case when group_by in ('day', 'week', 'month') then ${intervalLabel('visit."date"', 'group_by')}
        when group_by = 'service' then coalesce(visit.service_id::text, '')
        else visit.client_id::text end as key,
      case when group_by = 'service' then coalesce(menu.name, '(no service)')
        when group_by = 'client' then coalesce(visit.client_name, visit.client_id::text) end as name
    from public.appointments as visit
    left join public.service_menu as menu
      on group_by = 'service' and menu.therapist_id = visit.therapist_id and menu.id = visit.service_id
    where visit.therapist_id = ${ME} and visit."date" between day_from and day_to
      and visit.status in ('completed', 'cancelled', 'no_show')${counted}
  ), intervals as (
    ${intervalsOfPeriod('group_by')}
  ), groups as (
    select intervals.label as key, intervals.label as name from intervals where group_by in ('day', 'week', 'month')
    union
    select distinct visits.key, visits.name from visits where group_by in ('service', 'client')
  )
  select groups.key, groups.name,
    (count(*) filter (where visits.status = 'completed'))::integer,
    coalesce(sum(visits.price) filter (where visits.status = 'completed'), 0)::numeric(14, 2),
    (count(*) filter (where visits.status = 'cancelled'))::integer,
    (count(*) filter (where visits.status = 'no_show'))::integer,
    (count(*) filter (where visits.status = 'completed' and visits.price is null))::integer
  from groups left join visits on visits.key = groups.key
  group by groups.key, groups.name
  order by case when group_by in ('day', 'week', 'month') then groups.key end,
    4 desc, 3 desc, groups.name, groups.key;
end
$$;
comment on function public.revenue_report(date, date, text) is 'Revenue of completed appointments at their kept price, with cancelled and no-show counts, by day, week, month (every interval of the period), service or client (most revenue first). Practice only.';
`;

export const revenueFunction = revenueReport('create');
