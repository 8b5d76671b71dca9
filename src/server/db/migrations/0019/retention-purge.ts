// rpc/retention_purge: what has passed its retention period, per client and kind of record, deleted
// when \`apply\` is true (else only listed: the dry run). A client's clinical records (notes,
// appointments, messages, reminders) go once their clinical period after the last visit has ended;
// their ledger (payments and packages, whole) once its financial period after the last payment or
// sale has; an expense once its financial period after its date has; an erased client's row once
// nothing refers to it. An appointment a kept payment names stays with that payment. Each client's
// purge is appended to the audit trail with its basis. Security definer for the append-only tables,
// the ledger and signed notes; every statement names the caller's own practice.

/**
 * The function: created by migration 19, replaced by 22 with more of a client's ledger purged
 * (`moreLedger`, statements run after the packages' within the financial period's branch), and by
 * 30 with the reminders it deletes counted and recorded like the messages, and the client's booking
 * requests (consent and intake answers) purged with their appointments (`since30`).
 */
export function retentionPurgeSql(create: 'create' | 'create or replace', moreLedger = '', since30 = false): string {
  return `
${create} function public.retention_purge(clinical_years integer, financial_years integer, apply boolean default false)
returns table (records text, client_id uuid, count integer, kept_until date)
language plpgsql volatile security definer set search_path = '' as $$
declare
  practice constant uuid := auth.uid();
  due record;
  n integer;
  purged jsonb;
begin
  if practice is null then
    raise exception 'only a signed-in user purges their practice''s records' using errcode = '42501';
  end if;
  perform practice_private.check_retention_years(clinical_years, financial_years);
  perform pg_catalog.set_config('practice.retention_purge', case when apply then 'on' else 'off' end, true);
  for due in
    select c.id, c.erased_at,
      practice_private.clinical_kept_until(practice, c.id, clinical_years) as clinical_until,
      practice_private.financial_kept_until(practice, c.id, financial_years) as financial_until
    from public.clients c where c.therapist_id = practice
    order by c.id
  loop
    purged := '{}';
    client_id := due.id;
    if due.financial_until < current_date then
      kept_until := due.financial_until;
      select pg_catalog.count(*) into n from public.payments p where p.therapist_id = practice and p.client_id = due.id;
      if n > 0 then
        records := 'payments'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then delete from public.payments p where p.therapist_id = practice and p.client_id = due.id; end if;
      end if;
      select pg_catalog.count(*) into n from public.packages k where k.therapist_id = practice and k.client_id = due.id;
      if n > 0 then
        records := 'packages'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then delete from public.packages k where k.therapist_id = practice and k.client_id = due.id; end if;
      end if;
${moreLedger}    end if;
    if due.clinical_until < current_date then
      kept_until := due.clinical_until;
      select pg_catalog.count(*) into n from public.sessions s where s.therapist_id = practice and s.client_id = due.id;
      if n > 0 then
        records := 'notes'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then delete from public.sessions s where s.therapist_id = practice and s.client_id = due.id; end if;
      end if;
      select pg_catalog.count(*) into n from public.conversation_log m where m.therapist_id = practice and m.client_id = due.id;
      if n > 0 then
        records := 'messages'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
      end if;
${since30 ? `      select pg_catalog.count(*) into n from public.reminders r where r.therapist_id = practice and r.client_id = due.id;
      if n > 0 then
        records := 'reminders'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
      end if;
` : ''}      if apply then
        delete from public.reminders r where r.therapist_id = practice and r.client_id = due.id;
        delete from public.conversation_log m where m.therapist_id = practice and m.client_id = due.id;
      end if;
${since30 ? `      select pg_catalog.count(*) into n from public.booking_requests r where r.therapist_id = practice and r.client_id = due.id;
      if n > 0 then
        records := 'booking requests'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then delete from public.booking_requests r where r.therapist_id = practice and r.client_id = due.id; end if;
      end if;
` : ''}      -- After the ledger's own purge above, so that a dry run counts what a purge would delete.
      select pg_catalog.count(*) into n from public.appointments a
        where a.therapist_id = practice and a.client_id = due.id
          and (due.financial_until < current_date or not exists (
            select from public.payments p where p.therapist_id = practice and p.appointment_id = a.id));
      if n > 0 then
        records := 'appointments'; count := n; purged := purged || pg_catalog.jsonb_build_object(records, n); return next;
        if apply then
          delete from public.appointments a where a.therapist_id = practice and a.client_id = due.id
            and not exists (select from public.payments p where p.therapist_id = practice and p.appointment_id = a.id);
        end if;
      end if;
      -- Nothing refers to it then: a payment that names an appointment is kept only with a ledger still kept.
      if due.erased_at is not null and (due.financial_until is null or due.financial_until < current_date) then
        records := 'erased client'; count := 1; purged := purged || pg_catalog.jsonb_build_object('client', 1); return next;
        if apply then delete from public.clients c where c.therapist_id = practice and c.id = due.id; end if;
      end if;
    end if;
    if apply and purged <> '{}' then
      perform practice_private.audit_event('purge', 'clients', due.id, pg_catalog.jsonb_build_object('purged', purged,
        'clinical_until', due.clinical_until, 'financial_until', due.financial_until,
        'periods', pg_catalog.jsonb_build_object('clinical_years', clinical_years, 'financial_years', financial_years)));
    end if;
  end loop;
  records := 'expenses';
  client_id := null;
  select pg_catalog.count(*), max(e."date") + pg_catalog.make_interval(years => financial_years) into n, kept_until
    from public.expenses e where e.therapist_id = practice and e."date" + pg_catalog.make_interval(years => financial_years) < current_date;
  if n > 0 then
    count := n;
    return next;
    if apply then
      delete from public.expenses e where e.therapist_id = practice and e."date" + pg_catalog.make_interval(years => financial_years) < current_date;
      perform practice_private.audit_event('purge', 'expenses', null, pg_catalog.jsonb_build_object('purged', pg_catalog.jsonb_build_object('expenses', n),
        'periods', pg_catalog.jsonb_build_object('clinical_years', clinical_years, 'financial_years', financial_years)));
    end if;
  end if;
end $$;
comment on function public.retention_purge(integer, integer, boolean) is 'What has passed its retention period (clinical records after the last visit, the ledger after its last entry, expenses after their date, erased clients nothing refers to); deleted and recorded in the audit trail when apply is true.';
revoke all on function public.retention_purge(integer, integer, boolean) from public;
grant execute on function public.retention_purge(integer, integer, boolean) to authenticated;
`;
}

export const retentionPurge = retentionPurgeSql('create');
