// The rules of an issued document, kept by the database whoever writes: the lines made canonical and
// totalled, a visit on at most one live invoice, a credit note that repeats its invoice negated, a
// number without gaps, and no change or deletion afterwards (a mistake is corrected by a credit note).

// Like the ledger (0016/ledger-rules.ts): inserts only for the API roles, forced RLS and the audit trail.
const access = `
alter table public.invoices enable row level security;
alter table public.invoices force row level security;
create policy own_practice on public.invoices for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.invoices from anon, authenticated, service_role;
grant select on public.invoices to anon;
grant select, insert on public.invoices to authenticated;
grant all on public.invoices to service_role;
create trigger audit_change after insert or update or delete on public.invoices
  for each row execute function practice_private.audit_row_change();`;

// Issued means final for every role, the owner's too, as a signed note is (0001/note-rules.ts).
const protectIssued = `
create function practice_private.protect_issued_invoice() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using
    errcode = 'PT409',
    message = format('%s %s is issued and can no longer be %s', case old.kind when 'credit' then 'Credit note' else 'Invoice' end,
      old.number, case tg_op when 'UPDATE' then 'changed' else 'deleted' end),
    hint = case old.kind when 'credit' then 'A credit note is final.'
      else format('Cancel it with a credit note (practice invoice credit %s) and issue a new invoice.', old.number) end;
end $$;
create trigger protect_issued_invoice before update or delete on public.invoices
  for each row execute function practice_private.protect_issued_invoice();`;

// Runs as the caller, so only the caller's own invoices, visits, client and settings are read. Issues
// of one practice are serialised by an advisory lock, so two racing for one visit cannot both win.
const checkInvoice = `
create function practice_private.check_invoice() returns trigger
language plpgsql set search_path = '' as $$
declare
  credited public.invoices;
  taken record;
begin
  perform pg_advisory_xact_lock(hashtextextended('invoices' || new.therapist_id::text, 0));
  -- A caller's row for another practice is row-level security's to refuse (42501), after these triggers.
  if new.therapist_id is distinct from auth.uid() and auth.uid() is not null then
    return new;
  end if;
  -- A row sent again (an import run twice) is the primary key's: its upsert skips it, a plain insert fails.
  if exists (select from public.invoices where therapist_id = new.therapist_id and id = new.id) then
    return new;
  end if;
  if new.kind = 'credit' then
    select * into credited from public.invoices
      where therapist_id = new.therapist_id and id = new.credits_id and client_id = new.client_id;
    -- A missing invoice, or one of another client, is the foreign key's to report.
    if not found then
      return new;
    end if;
    if credited.kind <> 'invoice' then
      raise exception using errcode = 'check_violation',
        message = format('%s is a credit note, which cannot be credited', credited.number),
        hint = 'Name the invoice itself.';
    end if;
    select number into taken from public.invoices where therapist_id = new.therapist_id and credits_id = new.credits_id;
    if found then
      raise exception using errcode = 'PT409',
        message = format('Invoice %s is already cancelled by credit note %s', credited.number, taken.number),
        hint = 'An invoice is credited once, whole.';
    end if;
    new.lines := (select jsonb_agg(line || jsonb_build_object('gross', -(line->>'gross')::numeric) order by position)
      from jsonb_array_elements(credited.lines) with ordinality as l(line, position));
    new.superbill := credited.superbill;
    if new.bill_to = '{}' then new.bill_to := credited.bill_to; end if;
  end if;
  -- Canonical lines: the fields a line has, tax rate 0 to 100, tax the part of gross at that rate.
  new.lines := (select jsonb_agg(jsonb_build_object('appointment_id', x.appointment_id, 'date', x.date, 'service', x.service,
      'code', x.code, 'tax_rate', x.tax_rate, 'net', round(x.gross * 100 / (100 + x.tax_rate), 2),
      'tax', x.gross - round(x.gross * 100 / (100 + x.tax_rate), 2), 'gross', x.gross) order by l.position)
    from jsonb_array_elements(new.lines) with ordinality as l(line, position),
      jsonb_to_record(l.line) as x(appointment_id uuid, date date, service text, code text, tax_rate numeric, gross numeric));
  if exists (select from jsonb_to_recordset(new.lines) as x(date date, service text, tax_rate numeric, gross numeric)
      where x.date is null or coalesce(btrim(x.service), '') = '' or x.gross is null or x.tax_rate is null
        or x.tax_rate not between 0 and 100 or x.gross in ('NaN', 'Infinity', '-Infinity') or abs(x.gross) >= 1e8) then
    raise exception using errcode = 'check_violation',
      message = 'Each line needs a date, a service, a gross amount and a tax rate between 0 and 100',
      hint = 'Send lines like {"date": "2026-11-24", "service": "Swedish 60", "gross": 85, "tax_rate": 0}.';
  end if;
  select sum((l->>'net')::numeric), sum((l->>'tax')::numeric), sum((l->>'gross')::numeric)
    into new.net, new.tax, new.gross from jsonb_array_elements(new.lines) as l;
  if new.kind = 'invoice' then
    new.appointment_ids := array(select distinct (l->>'appointment_id')::uuid from jsonb_array_elements(new.lines) as l
      where l->>'appointment_id' is not null);
    select a.id, a."date" into taken from public.appointments a
      where a.therapist_id = new.therapist_id and a.id = any(new.appointment_ids) and a.client_id <> new.client_id limit 1;
    if found then
      raise exception using errcode = 'check_violation',
        message = format('The visit %s on %s is another client''s', taken.id, taken."date"),
        hint = 'Invoice a client''s own visits.';
    end if;
    select i.number, v as visit into taken from public.invoices i, unnest(i.appointment_ids) as v
      where i.therapist_id = new.therapist_id and i.kind = 'invoice' and i.appointment_ids && new.appointment_ids
        and v = any(new.appointment_ids)
        and not exists (select from public.invoices c where c.therapist_id = i.therapist_id and c.credits_id = i.id)
      limit 1;
    if found then
      raise exception using errcode = 'PT409',
        message = format('The visit %s is already on invoice %s', taken.visit, taken.number),
        hint = format('A visit is invoiced once; to invoice it again, cancel %s with a credit note first.', taken.number);
    end if;
  else
    new.appointment_ids := '{}';
  end if;
  if new.issuer = '{}' then
    new.issuer := (select coalesce(jsonb_object_agg(s.key, s.value), '{}') from public.practice_settings s
      where s.therapist_id = new.therapist_id and s.key in ('practice_name', 'address', 'tax_id', 'license_number', 'payment_instructions'));
  end if;
  if new.bill_to = '{}' then
    new.bill_to := (select jsonb_build_object('name', c.name, 'email', c.email, 'diagnosis_codes', to_jsonb(c.diagnosis_codes))
      from public.clients c where c.therapist_id = new.therapist_id and c.id = new.client_id);
    new.bill_to := coalesce(new.bill_to, '{}');
  end if;
  return new;
end $$;
create trigger check_invoice before insert on public.invoices
  for each row execute function practice_private.check_invoice();`;

// The counter is a row per practice, series and year, incremented in the issuing transaction: a
// rolled-back issue gives its number back, and a concurrent one waits for the row. It is out of the
// API roles' reach (a number skipped by hand would be a gap), so the trigger that takes the next
// number runs as its owner, with an empty search_path; it fires after check_invoice (names sort).
const numbering = `
create table practice_private.invoice_counters (
  therapist_id uuid not null,
  series text not null,
  year integer not null,
  last_number integer not null,
  primary key (therapist_id, series, year)
);
comment on table practice_private.invoice_counters is 'The last invoice and credit note number given per practice, series and year; written only by practice_private.number_invoice.';

create function practice_private.number_invoice() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  of_series text := case new.kind when 'credit' then 'CN' else 'INV' end;
  of_year integer := extract(year from new.issued_on)::integer;
  next integer;
  numbered text;
begin
  -- A caller's row for another practice is row-level security's to refuse (42501), after these triggers.
  if new.therapist_id is distinct from auth.uid() and auth.uid() is not null then
    return new;
  end if;
  if exists (select from public.invoices i where i.therapist_id = new.therapist_id and i.id = new.id) then
    return new;
  end if;
  insert into practice_private.invoice_counters as c (therapist_id, series, year, last_number)
    values (new.therapist_id, of_series, of_year, 1)
    on conflict (therapist_id, series, year) do update set last_number = c.last_number + 1
    returning c.last_number into next;
  numbered := format('%s-%s-%s', of_series, of_year, lpad(next::text, greatest(4, length(next::text)), '0'));
  if new.number is not null and new.number <> numbered then
    raise exception using errcode = 'check_violation',
      message = format('Numbers have no gaps: the next of %s-%s is %s, not %s', of_series, of_year, numbered, new.number),
      hint = 'Leave the number out: the database gives it.';
  end if;
  new.number := numbered;
  return new;
end $$;
revoke all on function practice_private.number_invoice() from public;
create trigger number_invoice before insert on public.invoices
  for each row execute function practice_private.number_invoice();`;

export const invoiceRules = [access, protectIssued, checkInvoice, numbering].join('\n');
