// Each client's balance in one statement, so `practice balance` is one request however many clients
// there are. Billed: completed visits at the price kept at booking, except those a package covers,
// and package sales at their price. Paid: payments less refunds and voids. Payments settle the oldest
// charges first, so the oldest unpaid charge is the first whose running total passes what was paid.
export const balances = `
create function public.balances(for_client uuid default null, as_of date default current_date)
returns table (client_id uuid, client_name text, billed numeric, paid numeric, owed numeric,
  visits integer, covered_visits integer, oldest_unpaid date, days_unpaid integer)
language sql stable security invoker set search_path = '' as $$
  with draws as (
    select d.therapist_id, d.appointment_id from public.package_draws(for_client) d
  ),
  visits as (
    select a.therapist_id, a.client_id, a."date" as day, a.start_time as at, coalesce(a.price, 0) as amount,
      exists (select 1 from draws d where d.therapist_id = a.therapist_id and d.appointment_id = a.id) as covered
    from public.appointments a
    where a.status = 'completed' and (for_client is null or a.client_id = for_client)
  ),
  charges as (
    select v.therapist_id, v.client_id, v.day, v.at, v.amount from visits v where not v.covered
    union all
    select p.therapist_id, p.client_id, p.sold_on, time '00:00', p.price from public.packages p
    where for_client is null or p.client_id = for_client
  ),
  paid as (
    select p.therapist_id, p.client_id, sum(case p.kind when 'payment' then p.amount else -p.amount end) as paid
    from public.payments p
    where for_client is null or p.client_id = for_client
    group by 1, 2
  ),
  counted as (
    select v.therapist_id, v.client_id, count(*)::integer as visits, (count(*) filter (where v.covered))::integer as covered_visits
    from visits v group by 1, 2
  ),
  running as (
    select c.therapist_id, c.client_id, c.day, c.amount,
      sum(c.amount) over (partition by c.therapist_id, c.client_id order by c.day, c.at rows unbounded preceding) as total
    from charges c
  ),
  billed as (
    select r.therapist_id, r.client_id, sum(r.amount) as billed,
      min(r.day) filter (where r.amount > 0 and r.total > coalesce(p.paid, 0)) as oldest_unpaid
    from running r
    left join paid p on p.therapist_id = r.therapist_id and p.client_id = r.client_id
    group by 1, 2
  ),
  clients as (
    select therapist_id, client_id from billed union select therapist_id, client_id from paid
  )
  select c.id, c.name, coalesce(b.billed, 0), coalesce(p.paid, 0), coalesce(b.billed, 0) - coalesce(p.paid, 0),
    coalesce(n.visits, 0), coalesce(n.covered_visits, 0), b.oldest_unpaid, as_of - b.oldest_unpaid
  from clients k
  join public.clients c on c.therapist_id = k.therapist_id and c.id = k.client_id
  left join billed b on b.therapist_id = k.therapist_id and b.client_id = k.client_id
  left join paid p on p.therapist_id = k.therapist_id and p.client_id = k.client_id
  left join counted n on n.therapist_id = k.therapist_id and n.client_id = k.client_id
  order by b.oldest_unpaid nulls last, c.name, c.id
$$;
comment on function public.balances(uuid, date) is 'Per client (all, or one) with anything billed or paid: billed (completed visits at their kept price less those packages cover, plus package sales), paid (payments less refunds and voids), owed, and the oldest unpaid charge, oldest first.';

revoke all on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date) from public;
grant execute on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date)
  to authenticated, service_role;
`;
