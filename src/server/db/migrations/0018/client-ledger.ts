// What each client was charged, day by day, against what they paid: the one definition `balances`
// and `receivables` paste into their bodies, so both settle charges the same way (oldest first).
// One pass over each table: completed visits (those a package covers at no charge) and package sales
// as the charges, in one running total per client; the ledger grouped per client.

const ME = '(select auth.uid())';

/**
 * CTEs `paid` (client_id, paid: payments less refunds and voids) and `running` (client_id, day,
 * amount, visits, covered, total: the client's charges up to and including this one, paid_in_all), for every
 * client or, when the SQL expression `forClient` is not null, that one.
 */
export const clientLedger = (forClient: string) => `
  paid as (
    select entry.client_id, sum(case entry.kind when 'payment' then entry.amount else -entry.amount end) as paid
    from public.payments as entry
    where entry.therapist_id = ${ME} and (${forClient} is null or entry.client_id = ${forClient})
    group by entry.client_id
  ), charges as (
    select visit.client_id, visit."date" as day, case when draw.appointment_id is null then coalesce(visit.price, 0) else 0 end as amount,
      1 as visits, (draw.appointment_id is not null)::integer as covered
    from public.appointments as visit
    left join public.package_draws(${forClient}) as draw on draw.appointment_id = visit.id
    where visit.therapist_id = ${ME} and visit.status = 'completed' and (${forClient} is null or visit.client_id = ${forClient})
    union all
    select sale.client_id, sale.sold_on, sale.price, 0, 0
    from public.packages as sale
    where sale.therapist_id = ${ME} and (${forClient} is null or sale.client_id = ${forClient})
  ), running as (
    -- Ties on a day may add up in any order: each answer reads a day's charges together. What the client
    -- paid rides along, so the per-client answers group the window's sorted rows without another join or sort.
    select charges.*, coalesce(paid.paid, 0) as paid_in_all,
      sum(charges.amount) over (partition by charges.client_id order by charges.day rows unbounded preceding) as total
    from charges left join paid on paid.client_id = charges.client_id
  )`;
