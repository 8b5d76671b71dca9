// Invoices join the retention rules of migration 19: the owner's policy the erasure and the purge
// need under forced RLS (as 0019/retention-owner.ts gives the other tables), the ledger's period
// that runs from the last invoice too, and an issued invoice's guard that lets a delete through
// only inside the purge, as a signed note's does.

export const invoicesRetention = `
do $owner$
begin
  execute pg_catalog.format('create policy retention_owner on public.invoices for all to %I using (true) with check (true)', current_user);
end $owner$;

-- The ledger is kept whole: its payments refer to each other and to the packages they sold, and its
-- invoices to the visits paid for. Null for a client with no payment, no package and no invoice.
create or replace function practice_private.financial_kept_until(practice uuid, client uuid, years integer) returns date
language sql stable as $$
  select (greatest(
    (select max(p.paid_at)::date from public.payments p where p.therapist_id = practice and p.client_id = client),
    (select max(k.sold_on) from public.packages k where k.therapist_id = practice and k.client_id = client),
    (select max(i.issued_on) from public.invoices i where i.therapist_id = practice and i.client_id = client)
  ) + pg_catalog.make_interval(years => years))::date
$$;

create or replace function practice_private.protect_issued_invoice() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Set (transaction-local) only by public.retention_purge, once the ledger's period has passed.
  if tg_op = 'DELETE' and pg_catalog.current_setting('practice.retention_purge', true) = 'on' then
    return old;
  end if;
  raise exception using
    errcode = 'PT409',
    message = format('%s %s is issued and can no longer be %s', case old.kind when 'credit' then 'Credit note' else 'Invoice' end,
      old.number, case tg_op when 'UPDATE' then 'changed' else 'deleted' end),
    hint = case old.kind when 'credit' then 'A credit note is final.'
      else format('Cancel it with a credit note (practice invoice credit %s) and issue a new invoice.', old.number) end;
end $$;
`;
