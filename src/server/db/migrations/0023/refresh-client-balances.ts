// Keeping client_balances: after every statement that changes what a balance reads, the rows of the
// clients it touched are settled again, whole, from the ledger (computed-client-balances.ts), not
// nudged by the difference: a missed case would then be wrong until the client's next change, a
// nudge forever. Statement triggers with transition tables, so an import of 100 visits settles each
// of their clients once, and a change no balance reads (a note, a visit confirmed) settles nobody.
// The trigger is a definer function (the summary is read-only to every request; erasure, the purge
// and service_role's writes carry no practice), and names each row's practice itself.

/** Per table: the columns a balance reads (its key first), and which rows count at all. */
const KEPT_FROM = {
  appointments: { columns: 'id, therapist_id, client_id, service_id, "date", start_time, price', counts: `status = 'completed'` },
  packages: { columns: 'id, therapist_id, client_id, service_id, visits, price, sold_on, expires_on, created_at', counts: 'true' },
  payments: { columns: 'id, therapist_id, client_id, kind, amount', counts: 'true' },
};

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

export const refreshClientBalances = `
-- Settles the balances of the clients named (practices[i], clients[i]) again. Each client's turn is
-- an advisory lock held to commit: a writer that waited for another then reads it committed (each
-- statement here takes a new snapshot), so two writers of one client cannot leave the older answer.
create function practice_private.store_client_balances(practices uuid[], clients uuid[]) returns void
language plpgsql set search_path = '' as $$
declare
  one record;
  practice uuid;
begin
  for one in select k.p, k.c from unnest(practices, clients) as k(p, c) order by k.p, k.c loop
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('client balance ' || one.p::text || one.c::text, 0));
  end loop;
  delete from public.client_balances as kept using unnest(practices, clients) as k(p, c)
    where kept.therapist_id = k.p and kept.client_id = k.c;
  for practice in select distinct k.p from pg_catalog.unnest(practices) as k(p) loop
    insert into public.client_balances (therapist_id, client_id, billed, paid, visits, covered_visits, oldest_unpaid)
    select practice, settled.client_id, settled.billed, settled.paid, settled.visits, settled.covered_visits, settled.oldest_unpaid
    from practice_private.computed_client_balances(practice,
      array(select k.c from unnest(practices, clients) as k(p, c) where k.p = practice)) as settled
    -- A client deleted in this statement (or by its cascade) has no balance left to keep.
    where exists (select from public.clients as client where client.therapist_id = practice and client.id = settled.client_id);
  end loop;
end $$;
revoke all on function practice_private.store_client_balances(uuid[], uuid[]) from public;

-- The trigger of appointments, packages and payments. tg_argv: the columns a balance reads of the
-- table, and which rows count; an update settles the clients of rows whose counted columns differ.
create function practice_private.refresh_client_balances() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  changed text := case tg_op
    when 'INSERT' then pg_catalog.format('select therapist_id, client_id from new_rows where %s', tg_argv[1])
    when 'DELETE' then pg_catalog.format('select therapist_id, client_id from old_rows where %s', tg_argv[1])
    else pg_catalog.format('select therapist_id, client_id from ((select %1$s from new_rows where %2$s except select %1$s from old_rows where %2$s)
      union all (select %1$s from old_rows where %2$s except select %1$s from new_rows where %2$s)) as moved', tg_argv[0], tg_argv[1])
  end;
  practices uuid[];
  clients uuid[];
begin
  execute pg_catalog.format('select array_agg(therapist_id), array_agg(client_id) from (select distinct therapist_id, client_id from (%s) as changed_rows) as pairs', changed)
    into practices, clients;
  if practices is not null then
    perform practice_private.store_client_balances(practices, clients);
  end if;
  return null;
end $$;
revoke all on function practice_private.refresh_client_balances() from public;
${Object.entries(KEPT_FROM).map(([table, { columns, counts }]) => `
create trigger client_balances_insert after insert on public.${table} referencing new table as new_rows
  for each statement execute function practice_private.refresh_client_balances(${quoted(columns)}, ${quoted(counts)});
create trigger client_balances_update after update on public.${table} referencing old table as old_rows new table as new_rows
  for each statement execute function practice_private.refresh_client_balances(${quoted(columns)}, ${quoted(counts)});
create trigger client_balances_delete after delete on public.${table} referencing old table as old_rows
  for each statement execute function practice_private.refresh_client_balances(${quoted(columns)}, ${quoted(counts)});`).join('')}

-- The balances of the clients there already.
select practice_private.store_client_balances(array_agg(client.therapist_id), array_agg(client.id)) from public.clients as client;
`;
