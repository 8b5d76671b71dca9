// rpc/balances (migrations 16 and 18) from the balances kept in client_balances: the same columns,
// order and answer, now one read of a row per client. Only days_unpaid depends on as_of.

/** The function's name, arguments and columns, as every migration since 16 declares them. */
export const BALANCES_SIGNATURE = `public.balances(for_client uuid default null, as_of date default current_date)
returns table (client_id uuid, client_name text, billed numeric, paid numeric, owed numeric,
  visits integer, covered_visits integer, oldest_unpaid date, days_unpaid integer)`;

/** Its answer: a row per client with anything billed or paid, the oldest unpaid first. */
export const BALANCES_QUERY = `  select client.id, client.name, kept.billed, kept.paid, kept.billed - kept.paid, kept.visits, kept.covered_visits,
    kept.oldest_unpaid, as_of - kept.oldest_unpaid
  from public.client_balances as kept
  join public.clients as client on client.therapist_id = kept.therapist_id and client.id = kept.client_id
  where kept.therapist_id = (select auth.uid()) and (for_client is null or kept.client_id = for_client)
  order by kept.oldest_unpaid nulls last, client.name, client.id`;

export const balancesFromSummary = `
create or replace function ${BALANCES_SIGNATURE}
language sql stable security invoker set search_path = '' as $$
${BALANCES_QUERY}
$$;
comment on function public.balances(uuid, date) is 'Per client (all, or one) with anything billed or paid: billed (completed visits at their kept price less those packages cover, plus package sales), paid (payments less refunds and voids), owed, and the oldest unpaid charge, oldest first. Read from client_balances, which triggers keep.';
`;
