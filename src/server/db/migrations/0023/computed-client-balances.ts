// What client_balances holds for some clients of one practice, settled from the ledger itself: the
// answer migration 18's `balances` gave on every read. Charges are completed visits at their kept
// price (nothing for those a package covers, package_draws_of) and package sales; payments less
// refunds and voids settle them oldest day first, so the oldest unpaid day is the first day with a
// charge whose running total passes what was paid. (Charges are never negative: the day's total is
// where the running total of its charges, in any order, ends.) Called by the triggers as the owner,
// so every read names the practice itself; no API role may call it. Nested loops are off, as in
// balances (migration 16): without statistics (PGlite) the planner would call the draws once per visit.
export const computedClientBalances = `
create function practice_private.computed_client_balances(practice uuid, clients uuid[])
returns table (client_id uuid, billed numeric, paid numeric, visits integer, covered_visits integer, oldest_unpaid date)
language sql stable set search_path = '' set enable_nestloop = off as $$
  with draws as materialized (
    select draw.appointment_id from public.package_draws_of(practice, clients) as draw
  ), charges as (
    select visit.client_id, visit."date" as day, case when draw.appointment_id is null then coalesce(visit.price, 0) else 0 end as amount,
      1 as visits, (draw.appointment_id is not null)::integer as covered
    from public.appointments as visit
    left join draws as draw on draw.appointment_id = visit.id
    where visit.therapist_id = practice and visit.client_id = any(clients) and visit.status = 'completed'
    union all
    select sale.client_id, sale.sold_on, sale.price, 0, 0
    from public.packages as sale
    where sale.therapist_id = practice and sale.client_id = any(clients)
  ), days as (
    select charges.client_id, charges.day, sum(charges.amount) as amount, sum(charges.visits) as visits, sum(charges.covered) as covered,
      sum(sum(charges.amount)) over (partition by charges.client_id order by charges.day) as total
    from charges
    group by charges.client_id, charges.day
  ), paid as (
    select entry.client_id, sum(case entry.kind when 'payment' then entry.amount else -entry.amount end) as paid
    from public.payments as entry
    where entry.therapist_id = practice and entry.client_id = any(clients)
    group by entry.client_id
  )
  select coalesce(days.client_id, paid.client_id), coalesce(sum(days.amount), 0), coalesce(min(paid.paid), 0),
    coalesce(sum(days.visits), 0)::integer, coalesce(sum(days.covered), 0)::integer,
    min(days.day) filter (where days.amount > 0 and days.total > coalesce(paid.paid, 0))
  from days
  full join paid on paid.client_id = days.client_id
  group by coalesce(days.client_id, paid.client_id)
$$;
revoke all on function practice_private.computed_client_balances(uuid, uuid[]) from public;
`;
