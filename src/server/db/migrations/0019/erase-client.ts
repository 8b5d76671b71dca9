// rpc/erase_client: a client's erasure (GDPR Art. 17) as far as the law lets it reach, in one
// transaction. What may go goes now: the name (replaced by "Erased client <id>", which search_name
// follows), phone, email, the free text of the client and their appointments, their messages and
// reminders; bookings to come are cancelled and no new one is taken. What the retention periods keep
// (Art. 17(3)(b)) stays, and the answer says what and until when; the erasure, with that answer as
// its basis, is appended to the audit trail. Security definer: the message log and reminders are
// append-only for requests; every statement names the caller's own practice.

/** What migration 19 cancelled: the client's bookings to come. */
const BOOKINGS_TO_COME = `a.status in ('scheduled', 'confirmed') and a."date" >= current_date`;

/**
 * The function: created by migration 19, replaced by 22 with more rows the retention periods keep
 * (`moreKept`, each a `(ord, records, count, until, basis)` row after the packages'), by 26 with
 * the client's waiting requests declined (`declines`: a condition on their appointments `a`, its count
 * answered as `requests_declined`), and by 27 answering `name_and_contact` as whether any was left to
 * remove (`toldIfGone`; before, true on every call, a second erasure too).
 */
export function eraseClientSql(create: 'create' | 'create or replace', moreKept = '', declines: string | null = null, toldIfGone = false, requestEmails = false): string {
  return `
${create} function public.erase_client(client uuid, clinical_years integer, financial_years integer) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  practice constant uuid := auth.uid();
  label constant text := 'Erased client ' || pg_catalog.left(client::text, 8);
  erased_at timestamptz;${toldIfGone ? `
  identity_left boolean;` : ''}
  cancelled integer;${declines === null ? '' : `
  declined integer;`}
  cleared integer;
  reminders integer;
  messages integer;
  clinical_until date;
  financial_until date;
  report jsonb;
begin
  if practice is null then
    raise exception 'only a signed-in user erases a client of their practice' using errcode = '42501';
  end if;
  perform practice_private.check_retention_years(clinical_years, financial_years);
  ${toldIfGone
    ? `select c.name is distinct from label or c.phone is not null or c.email is not null or c.notes is not null into identity_left
    from public.clients c where c.therapist_id = practice and c.id = client for update;`
    : 'perform from public.clients c where c.therapist_id = practice and c.id = client for update;'}
  if not found then
    raise exception 'Client % was not found', client using errcode = 'P0002', hint = 'Name a client of this practice.';
  end if;

  update public.appointments a set status = 'cancelled'
    where a.therapist_id = practice and a.client_id = client and ${BOOKINGS_TO_COME};
  get diagnostics cancelled = row_count;
${declines === null ? '' : `  -- Cancelled, a request is declined (migration 25): it holds no slot and books nobody.
  update public.appointments a set status = 'cancelled'
    where a.therapist_id = practice and a.client_id = client and ${declines};
  get diagnostics declined = row_count;
`}  update public.appointments a set client_name = label, notes = null
    where a.therapist_id = practice and a.client_id = client and (a.client_name is distinct from label or a.notes is not null);
  get diagnostics cleared = row_count;
  delete from public.reminders r where r.therapist_id = practice and r.client_id = client;
  get diagnostics reminders = row_count;
  delete from public.conversation_log m where m.therapist_id = practice and m.client_id = client;
  get diagnostics messages = row_count;
${requestEmails ? `  -- The email a booking request came from (migration 30): the consent and the intake answers stay,
  -- kept as clinical records.
  update public.booking_requests r set email = 'erased-' || pg_catalog.left(client::text, 8)
    where r.therapist_id = practice and r.client_id = client and r.email <> 'erased-' || pg_catalog.left(client::text, 8);
` : ''}  update public.clients c set name = label, phone = null, email = null, notes = null, status = 'inactive',
      erased_at = coalesce(c.erased_at, pg_catalog.now())
    where c.therapist_id = practice and c.id = client
    returning c.erased_at into erased_at;

  clinical_until := practice_private.clinical_kept_until(practice, client, clinical_years);
  financial_until := practice_private.financial_kept_until(practice, client, financial_years);
  report := pg_catalog.jsonb_build_object(
    'client_id', client,
    'name', label,
    'erased_at', erased_at,
    'removed', pg_catalog.jsonb_build_object('name_and_contact', ${toldIfGone ? 'identity_left' : 'true'}, 'messages', messages, 'reminders', reminders,
      'appointments_cleared', cleared, 'appointments_cancelled', cancelled${declines === null ? '' : `, 'requests_declined', declined`}),
    'kept', (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('records', k.records, 'count', k.n,
        'until', k.until, 'basis', k.basis) order by k.ord), '[]'::jsonb)
      from (values
        (1, 'notes', (select count(*) from public.sessions s where s.therapist_id = practice and s.client_id = client), clinical_until, 'clinical'),
        (2, 'appointments', (select count(*) from public.appointments a where a.therapist_id = practice and a.client_id = client), clinical_until, 'clinical'),
        (3, 'payments', (select count(*) from public.payments p where p.therapist_id = practice and p.client_id = client), financial_until, 'financial'),
        (4, 'packages', (select count(*) from public.packages p where p.therapist_id = practice and p.client_id = client), financial_until, 'financial')${moreKept}
      ) k(ord, records, n, until, basis) where k.n > 0),
    'periods', pg_catalog.jsonb_build_object('clinical_years', clinical_years, 'financial_years', financial_years));
  perform practice_private.audit_event('erase', 'clients', client, report);
  return report;
end $$;
comment on function public.erase_client(uuid, integer, integer) is 'Erases a client as far as the retention periods allow: name, contact, free text, messages and reminders go, bookings to come are cancelled; answers what was removed and what is kept until when, and records it in the audit trail.';
revoke all on function public.erase_client(uuid, integer, integer) from public;
grant execute on function public.erase_client(uuid, integer, integer) to authenticated;
`;
}

export const eraseClient = eraseClientSql('create');
