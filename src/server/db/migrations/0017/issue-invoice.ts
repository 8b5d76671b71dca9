// The answer to "invoice these visits of this client": one call that picks the visits (those named,
// or a month's), builds the lines from each visit's kept price and its service's tax rate and code,
// and inserts the invoice, whose triggers number it and check it (invoice-rules.ts). The caller's
// own rights: it sees and invoices only the caller's practice.
export const issueInvoice = `
create function public.issue_invoice(for_client uuid, visits uuid[] default null, in_month date default null,
  superbill boolean default false, issued_on date default current_date, note text default null)
returns setof public.invoices
language plpgsql volatile security invoker set search_path = '' as $$
declare
  lines jsonb;
  missing uuid;
  covered uuid;
begin
  if (visits is null) = (in_month is null) then
    raise exception using errcode = 'invalid_parameter_value',
      message = 'Name either the visits or the month to invoice, not both and not neither',
      hint = 'Pass visits (an array of appointment ids) or in_month (any day of the month).';
  end if;
  select v into missing from unnest(visits) as v
    where not exists (select from public.appointments a where a.id = v and a.client_id = for_client and a.status = 'completed')
    limit 1;
  if found then
    raise exception using errcode = 'check_violation',
      message = format('The appointment %s is not a completed visit of this client', missing),
      hint = 'Invoice completed visits of the client named (practice appt list --client NAME --status completed).';
  end if;
  select d.appointment_id into covered from public.package_draws(for_client) d where d.appointment_id = any(visits) limit 1;
  if found then
    raise exception using errcode = 'check_violation',
      message = format('The visit %s is covered by a package, so it owes nothing and is not invoiced', covered),
      hint = 'Leave it out: the package''s sale is what was billed (practice package list --client NAME).';
  end if;
  -- A visit a package covers owes nothing, so it is not invoiced; a month leaves out visits invoiced
  -- already, while a visit named again is refused by the invoice's check, naming its invoice.
  select jsonb_agg(jsonb_build_object('appointment_id', a.id, 'date', a."date", 'service', coalesce(s.name, 'Visit'),
      'code', s.billing_code, 'tax_rate', coalesce(s.tax_rate, 0), 'gross', coalesce(a.price, s.price, 0))
      order by a."date", a.start_time, a.id)
    into lines
    from public.appointments a
    left join public.service_menu s on s.therapist_id = a.therapist_id and s.id = a.service_id
    where a.client_id = for_client and a.status = 'completed'
      and (visits is null or a.id = any(visits))
      and (in_month is null or (a."date" >= date_trunc('month', in_month)::date
        and a."date" < (date_trunc('month', in_month) + interval '1 month')::date))
      and not exists (select from public.package_draws(for_client) d where d.appointment_id = a.id)
      and (visits is not null or not exists (select from public.invoices i
        where i.kind = 'invoice' and a.id = any(i.appointment_ids)
          and not exists (select from public.invoices c where c.therapist_id = i.therapist_id and c.credits_id = i.id)));
  if lines is null then
    raise exception using errcode = 'PT404',
      message = 'Nothing to invoice: no completed visit of the client that is not invoiced already or covered by a package',
      hint = 'See practice invoice list --client NAME, and practice appt list --client NAME --status completed.';
  end if;
  return query insert into public.invoices (client_id, superbill, issued_on, lines, note)
    values (for_client, superbill, issued_on, lines, note) returning *;
end $$;
comment on function public.issue_invoice(uuid, uuid[], date, boolean, date, text) is 'Issues an invoice to a client for the named completed visits, or for a month''s not yet invoiced; visits a package covers are left out. Returns the invoice, numbered.';
revoke all on function public.issue_invoice(uuid, uuid[], date, boolean, date, text) from public;
grant execute on function public.issue_invoice(uuid, uuid[], date, boolean, date, text) to authenticated, service_role;
`;
