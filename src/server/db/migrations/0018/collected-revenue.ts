// `report revenue --basis collected` as SQL: money received less refunds by the day it moved (see
// collected-entries.ts), by day, week, month, service (the visit's, or the package's) or client.
// Names of clients and what they paid: for the signed-in practice only, never for a public page.
import { checkPeriod, intervalLabel, intervalsOfPeriod } from '../0012/periods.js';
import { collectedEntries } from './collected-entries.js';

export const collectedRevenueFunction = `
create function public.collected_revenue_report(day_from date, day_to date, group_by text default 'day', time_zone text default null)
returns table (key text, label text, payments integer, received numeric, refunded numeric, revenue numeric)
language plpgsql stable security invoker
-- As revenue_report (migration 12): no JIT for an answer this small, one plan for every call.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkPeriod(['day', 'week', 'month', 'service', 'client'])}
  return query
  with entries as (${collectedEntries}
  ), keyed as (
    select entries.received, entries.refunded,
      case when group_by in ('day', 'week', 'month') then ${intervalLabel('entries.day', 'group_by')}
        when group_by = 'service' then coalesce(visit.service_id, sale.service_id)::text
        else entries.client_id::text end as key,
      case when group_by = 'service' then coalesce(menu.name, '(no service)')
        when group_by = 'client' then client.name end as name
    from entries
    left join public.appointments as visit
      on group_by = 'service' and visit.therapist_id = (select auth.uid()) and visit.id = entries.appointment_id
    left join public.packages as sale
      on group_by = 'service' and sale.therapist_id = (select auth.uid()) and sale.id = entries.package_id
    left join public.service_menu as menu
      on menu.therapist_id = (select auth.uid()) and menu.id = coalesce(visit.service_id, sale.service_id)
    left join public.clients as client
      on group_by = 'client' and client.therapist_id = (select auth.uid()) and client.id = entries.client_id
  ), intervals as (
    ${intervalsOfPeriod('group_by')}
  ), groups as (
    select intervals.label as key, intervals.label as name from intervals where group_by in ('day', 'week', 'month')
    union
    select distinct coalesce(keyed.key, ''), keyed.name from keyed where group_by in ('service', 'client')
  )
  select groups.key, groups.name,
    (count(*) filter (where keyed.received > 0))::integer,
    coalesce(sum(keyed.received), 0)::numeric(14, 2),
    coalesce(sum(keyed.refunded), 0)::numeric(14, 2),
    coalesce(sum(keyed.received - keyed.refunded), 0)::numeric(14, 2)
  from groups left join keyed on coalesce(keyed.key, '') = groups.key
  group by groups.key, groups.name
  order by case when group_by in ('day', 'week', 'month') then groups.key end,
    6 desc, 3 desc, groups.name, groups.key;
end
$$;
comment on function public.collected_revenue_report(date, date, text, text) is 'Revenue collected: payments received less refunds, each on the day it moved in time_zone (voided payments left out), by day, week, month (every interval of the period), service or client (most first). Practice only.';
`;
