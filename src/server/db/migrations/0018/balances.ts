// `balances` again (migration 16 defined it), from the ledger of client-ledger.ts that `receivables`
// shares: the same answer, now naming the caller's practice in every read (so the indexes on
// (therapist_id, ...) serve one client's balance, as `client show` asks) and reading each table once.
// Who may call it: the signed-in practice, for its own clients only.
import { clientLedger } from './client-ledger.js';

const ME = '(select auth.uid())';

export const balancesFunction = `
create or replace function public.balances(for_client uuid default null, as_of date default current_date)
returns table (client_id uuid, client_name text, billed numeric, paid numeric, owed numeric,
  visits integer, covered_visits integer, oldest_unpaid date, days_unpaid integer)
language plpgsql stable security invoker set search_path = '' set enable_nestloop = off
-- A plan for the arguments given: one client's rows through the indexes on (therapist_id, client_id),
-- all of them by one scan each. (A SQL function's plan is generic: it scanned everything for one client.)
set plan_cache_mode = force_custom_plan as $$
#variable_conflict use_column
begin
  return query
  with ${clientLedger('for_client')},
  billed as (
    -- Payments settle the oldest charges first: the oldest unpaid day is the first whose running total passes what was paid.
    select running.client_id, sum(running.amount) as billed, sum(running.visits)::integer as visits, sum(running.covered)::integer as covered_visits,
      min(running.day) filter (where running.amount > 0 and running.total > running.paid_in_all) as oldest_unpaid
    from running
    group by running.client_id
  )
  select client.id, client.name, coalesce(billed.billed, 0), coalesce(paid.paid, 0), coalesce(billed.billed, 0) - coalesce(paid.paid, 0),
    coalesce(billed.visits, 0), coalesce(billed.covered_visits, 0), billed.oldest_unpaid, as_of - billed.oldest_unpaid
  from billed
  full join paid on paid.client_id = billed.client_id
  join public.clients as client on client.therapist_id = ${ME} and client.id = coalesce(billed.client_id, paid.client_id)
  order by billed.oldest_unpaid nulls last, client.name, client.id;
end
$$;
`;
