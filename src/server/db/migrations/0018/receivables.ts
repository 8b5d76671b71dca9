// `report receivables` as SQL: what each client owes, by how long it has been owed. Payments settle
// the oldest charges first (as `balances` does, from the same ledger), so what is left unpaid is the
// newest part of the charges; each day's unpaid part is aged from that day to as_of. Clients in
// credit owe nothing and are left out. Who may call it: the signed-in practice, for its own clients.
import { clientLedger } from './client-ledger.js';

const ME = '(select auth.uid())';

export const receivablesFunction = `
create function public.receivables(as_of date default current_date)
returns table (client_id uuid, client_name text, days_0_30 numeric, days_31_60 numeric, days_61_90 numeric,
  days_over_90 numeric, owed numeric, oldest_unpaid date)
language sql stable security invoker set search_path = '' set enable_nestloop = off as $$
  with ${clientLedger('null::uuid')},
  unpaid as (
    select running.client_id, running.day, least(running.amount, greatest(running.total - running.paid_in_all, 0)) as amount
    from running
  ), aged as (
    select unpaid.client_id,
      coalesce(sum(unpaid.amount) filter (where as_of - unpaid.day <= 30), 0) as days_0_30,
      coalesce(sum(unpaid.amount) filter (where as_of - unpaid.day between 31 and 60), 0) as days_31_60,
      coalesce(sum(unpaid.amount) filter (where as_of - unpaid.day between 61 and 90), 0) as days_61_90,
      coalesce(sum(unpaid.amount) filter (where as_of - unpaid.day > 90), 0) as days_over_90,
      sum(unpaid.amount) as owed, min(unpaid.day) as oldest_unpaid
    from unpaid where unpaid.amount > 0
    group by unpaid.client_id
  )
  select client.id, client.name, aged.days_0_30::numeric(14, 2), aged.days_31_60::numeric(14, 2), aged.days_61_90::numeric(14, 2),
    aged.days_over_90::numeric(14, 2), aged.owed::numeric(14, 2), aged.oldest_unpaid
  from aged join public.clients as client on client.therapist_id = ${ME} and client.id = aged.client_id
  order by aged.oldest_unpaid, client.name, client.id
$$;
comment on function public.receivables(date) is 'What each client owes on as_of by age of the unpaid charges (0-30, 31-60, 61-90, over 90 days), payments settling the oldest first; clients owing nothing left out, the longest owed first. Practice only.';
`;
