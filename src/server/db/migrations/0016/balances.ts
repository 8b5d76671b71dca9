// Each client's balance in one statement, so `practice balance` is one request however many clients
// there are. Billed: completed visits at the price kept at booking, except those a package covers,
// and package sales at their price. Paid: payments less refunds and voids. Payments settle the oldest
// charges first, so the oldest unpaid charge is the first whose running total passes what was paid.
// It reads whole practices, where hash and merge joins are right; PGlite runs no autovacuum, so without
// statistics the planner guesses each table tiny and would rescan the package draws once per visit
// (seconds at 20,000 visits). Nested loops are off for these functions alone.
export const balances = `
create function public.balances(for_client uuid default null, as_of date default current_date)
returns table (client_id uuid, client_name text, billed numeric, paid numeric, owed numeric,
  visits integer, covered_visits integer, oldest_unpaid date, days_unpaid integer)
language sql stable security invoker set search_path = '' set enable_nestloop = off as $$
  with paid as (
    select p.therapist_id, p.client_id, sum(case p.kind when 'payment' then p.amount else -p.amount end) as paid
    from public.payments p
    where for_client is null or p.client_id = for_client
    group by 1, 2
  ),
  -- Completed visits (those a package covers flagged, drawn on at most once each) and package sales.
  charges as (
    select a.therapist_id, a.client_id, a."date" as day, a.start_time as at, coalesce(a.price, 0) as amount,
      true as visit, d.appointment_id is not null as covered
    from public.appointments a
    left join public.package_draws(for_client) d on d.therapist_id = a.therapist_id and d.appointment_id = a.id
    where a.status = 'completed' and (for_client is null or a.client_id = for_client)
    union all
    select p.therapist_id, p.client_id, p.sold_on, time '00:00', p.price, false, false
    from public.packages p
    where for_client is null or p.client_id = for_client
  ),
  running as (
    select c.*, sum(case when c.covered then 0 else c.amount end)
      over (partition by c.therapist_id, c.client_id order by c.day, c.at rows unbounded preceding) as total
    from charges c
  ),
  billed as (
    select r.therapist_id, r.client_id, sum(r.amount) filter (where not r.covered) as billed,
      (count(*) filter (where r.visit))::integer as visits, (count(*) filter (where r.covered))::integer as covered_visits,
      min(r.day) filter (where not r.covered and r.amount > 0 and r.total > coalesce(p.paid, 0)) as oldest_unpaid
    from running r
    left join paid p on p.therapist_id = r.therapist_id and p.client_id = r.client_id
    group by 1, 2
  )
  select c.id, c.name, coalesce(b.billed, 0), coalesce(p.paid, 0), coalesce(b.billed, 0) - coalesce(p.paid, 0),
    coalesce(b.visits, 0), coalesce(b.covered_visits, 0), b.oldest_unpaid, as_of - b.oldest_unpaid
  from billed b
  full join paid p on p.therapist_id = b.therapist_id and p.client_id = b.client_id
  join public.clients c on c.therapist_id = coalesce(b.therapist_id, p.therapist_id) and c.id = coalesce(b.client_id, p.client_id)
  order by b.oldest_unpaid nulls last, c.name, c.id
$$;
comment on function public.balances(uuid, date) is 'Per client (all, or one) with anything billed or paid: billed (completed visits at their kept price less those packages cover, plus package sales), paid (payments less refunds and voids), owed, and the oldest unpaid charge, oldest first.';

revoke all on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date) from public;
grant execute on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date)
  to authenticated, service_role;
`;
