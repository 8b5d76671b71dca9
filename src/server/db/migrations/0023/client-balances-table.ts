// Each client's balance, kept: one row per client with anything billed or paid, written only by the
// triggers of refresh-client-balances.ts, so `practice balance` reads 1,000 rows instead of settling
// 20,000 visits against 20,000 payments on every call. Derived, never a record: its inputs
// (appointments, packages, payments) carry the audit trail, so it carries none; an export leaves it
// out and an import (or a restore of an export) makes it again, row by row, through the same triggers.
export const clientBalancesTable = `
create table public.client_balances (
  therapist_id uuid not null,
  client_id uuid not null,
  billed numeric not null,
  paid numeric not null,
  visits integer not null,
  covered_visits integer not null,
  oldest_unpaid date,
  constraint client_balances_pkey primary key (therapist_id, client_id),
  -- A client's row goes with the client (the retention purge deletes erased clients).
  constraint client_balances_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id) on delete cascade
);
comment on table public.client_balances is 'Each client''s balance, kept by triggers on appointments, packages and payments (read it through rpc/balances): equal, to the cent, to settling the ledger on every read. Read-only to every request.';
comment on column public.client_balances.therapist_id is 'The practice the row belongs to.';
comment on column public.client_balances.client_id is 'The client whose balance this is.';
comment on column public.client_balances.billed is 'Completed visits at their kept price, except those a package covers, plus package sales.';
comment on column public.client_balances.paid is 'Payments less refunds and voids.';
comment on column public.client_balances.visits is 'Completed visits.';
comment on column public.client_balances.covered_visits is 'Completed visits a package covers.';
comment on column public.client_balances.oldest_unpaid is 'The first day whose charges, settled oldest first, what was paid does not reach; none when settled.';

alter table public.client_balances enable row level security;
alter table public.client_balances force row level security;
create policy own_practice on public.client_balances for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
-- The triggers' definer function writes it, as the owner, for any practice (service_role's writes
-- and psql's carry no auth.uid()); forced RLS hides every row from the owner without this policy.
do $keeper$
begin
  execute pg_catalog.format('create policy balance_keeper on public.client_balances for all to %I using (true) with check (true)', current_user);
end $keeper$;
revoke all on public.client_balances from anon, authenticated, service_role;
grant select on public.client_balances to anon, authenticated, service_role;
`;
