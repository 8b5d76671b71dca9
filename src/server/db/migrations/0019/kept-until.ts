// How long the law keeps a client's records (docs/audit.md, "Erasure and retention"): clinical
// records for the practice's clinical period after the last visit, the ledger for its financial
// period after the last payment or sale. Called by erase_client and retention_purge, as the owner,
// for the caller's practice only; no API role may call them.

export const keptUntil = `
-- The last visit: a completed appointment or a note, whichever is later; a client with neither is
-- dated by their last appointment up to today, else by when they were added.
create function practice_private.clinical_kept_until(practice uuid, client uuid, years integer) returns date
language sql stable as $$
  select (coalesce(
    greatest(
      (select max(a."date") from public.appointments a where a.therapist_id = practice and a.client_id = client and a.status = 'completed'),
      (select max(s.created_at)::date from public.sessions s where s.therapist_id = practice and s.client_id = client)),
    (select max(a."date") from public.appointments a where a.therapist_id = practice and a.client_id = client and a."date" <= current_date),
    (select c.created_at::date from public.clients c where c.therapist_id = practice and c.id = client)
  ) + pg_catalog.make_interval(years => years))::date
$$;
revoke all on function practice_private.clinical_kept_until(uuid, uuid, integer) from public;

-- The ledger is kept whole: its payments refer to each other and to the packages they sold.
-- Null for a client with no payment and no package.
create function practice_private.financial_kept_until(practice uuid, client uuid, years integer) returns date
language sql stable as $$
  select (greatest(
    (select max(p.paid_at)::date from public.payments p where p.therapist_id = practice and p.client_id = client),
    (select max(k.sold_on) from public.packages k where k.therapist_id = practice and k.client_id = client)
  ) + pg_catalog.make_interval(years => years))::date
$$;
revoke all on function practice_private.financial_kept_until(uuid, uuid, integer) from public;

-- The one check of the periods both functions take from the practice's settings.
create function practice_private.check_retention_years(clinical_years integer, financial_years integer) returns void
language plpgsql immutable as $$
begin
  if clinical_years is null or clinical_years < 0 or financial_years is null or financial_years < 0 then
    raise exception 'retention periods are whole years, 0 or more; got clinical %, financial %',
      coalesce(clinical_years::text, 'none'), coalesce(financial_years::text, 'none')
      using errcode = '22023', hint = 'Set them with practice settings set clinical-retention-years 10.';
  end if;
end $$;
revoke all on function practice_private.check_retention_years(integer, integer) from public;
`;
