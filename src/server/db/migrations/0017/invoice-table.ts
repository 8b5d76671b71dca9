// The invoices table: invoices and credit notes, one row each, their lines and the practice's details
// held in the row as they were at issue, so a document printed years later reads as it was handed over.
// Tenant-scoped like every table; the gapless counter lives out of the API's reach (invoice-rules.ts).
export const invoiceTable = `
create table public.invoices (
  id uuid not null default gen_random_uuid(),
  kind text not null default 'invoice',
  number text not null,
  client_id uuid not null,
  credits_id uuid,
  issued_on date not null default current_date,
  superbill boolean not null default false,
  lines jsonb not null,
  appointment_ids uuid[] not null default '{}',
  net numeric(12,2) not null default 0,
  tax numeric(12,2) not null default 0,
  gross numeric(12,2) not null default 0,
  issuer jsonb not null default '{}',
  bill_to jsonb not null default '{}',
  note text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint invoices_pkey primary key (therapist_id, id),
  constraint invoices_number_key unique (therapist_id, number),
  -- Lets a credit note require that the invoice it cancels is its client's.
  constraint invoices_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint invoices_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint invoices_credits_fkey foreign key (therapist_id, credits_id, client_id)
    references public.invoices (therapist_id, id, client_id),
  constraint invoices_kind_check check (kind in ('invoice', 'credit')),
  constraint invoices_credits_check check ((kind = 'credit') = (credits_id is not null)),
  constraint invoices_lines_check check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 1000),
  constraint invoices_issuer_check check (jsonb_typeof(issuer) = 'object' and jsonb_typeof(bill_to) = 'object'),
  constraint invoices_note_check check (note is null or (btrim(note) <> '' and length(note) <= 500))
);
-- One credit note per invoice, also under concurrency.
create unique index invoices_credited_once on public.invoices (therapist_id, credits_id) where credits_id is not null;
create index invoices_client on public.invoices (therapist_id, client_id, issued_on);
create index invoices_appointments on public.invoices using gin (appointment_ids);
comment on table public.invoices is 'Invoices and credit notes. Numbered by the database without gaps (INV-2026-0001, credit notes CN-2026-0001); never changed or deleted once issued: a credit note naming an invoice cancels it.';
comment on column public.invoices.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.invoices.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.invoices.kind is 'invoice, or credit (a credit note cancelling the invoice in credits_id).';
comment on column public.invoices.number is 'Given by the database: the next of its series (INV or CN) and year of issued_on. A number sent must be that one.';
comment on column public.invoices.client_id is 'Who the document is made out to.';
comment on column public.invoices.credits_id is 'For a credit note: the invoice of the same client it cancels, whose lines it repeats negated.';
comment on column public.invoices.issued_on is 'Day of issue; its year is the year of the number.';
comment on column public.invoices.superbill is 'Whether the document is a superbill: billing codes, diagnosis codes and the practitioner''s numbers for an insurer.';
comment on column public.invoices.lines is 'The lines: appointment_id, date, service, code, tax_rate and gross as sent; net and tax are computed from them (tax included in gross).';
comment on column public.invoices.appointment_ids is 'The visits on the lines of an invoice (set by the database); a visit is on at most one invoice not credited.';
comment on column public.invoices.net is 'Sum of the lines'' net, set by the database.';
comment on column public.invoices.tax is 'Sum of the lines'' tax, set by the database.';
comment on column public.invoices.gross is 'Sum of the lines'' gross, set by the database.';
comment on column public.invoices.issuer is 'The practice''s details (practice_settings) at issue; filled by the database when not sent.';
comment on column public.invoices.bill_to is 'The client''s name, email and diagnosis codes at issue; filled by the database when not sent.';
comment on column public.invoices.note is 'Free text printed on the document, up to 500 characters.';
`;
