// The two tables of money: packages (prepaid visits of one service) and payments (a ledger). Both are
// tenant-scoped like the tables of migration 1: composite key (therapist_id, id), and composite
// foreign keys that keep every reference inside one practice and of one client.
const finite = (column: string) => `${column} not in ('NaN', 'Infinity', '-Infinity')`;

// As every table of migration 1 says of its id and owner.
const commonComments = (table: string) => `comment on column public.${table}.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.${table}.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';`;

export const ledgerTables = `
create table public.packages (
  id uuid not null default gen_random_uuid(),
  client_id uuid not null,
  service_id uuid not null,
  visits integer not null,
  price numeric(10,2) not null,
  sold_on date not null,
  expires_on date,
  note text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint packages_pkey primary key (therapist_id, id),
  -- Lets a payment require that the package it pays for is its client's.
  constraint packages_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint packages_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint packages_service_fkey foreign key (therapist_id, service_id) references public.service_menu (therapist_id, id),
  constraint packages_visits_check check (visits between 1 and 1000),
  constraint packages_price_check check (price >= 0 and ${finite('price')}),
  constraint packages_expires_after_sale check (expires_on >= sold_on),
  constraint packages_note_check check (note is null or (btrim(note) <> '' and length(note) <= 500))
);
create index packages_client_service on public.packages (therapist_id, client_id, service_id, sold_on);
comment on table public.packages is 'Prepaid visits of one service sold to a client. Completed visits of that service draw on the client''s oldest open package (see package_usage); a sale is never changed.';
${commonComments('packages')}
comment on column public.packages.client_id is 'The client who bought the package.';
comment on column public.packages.service_id is 'The service whose completed visits the package covers.';
comment on column public.packages.visits is 'How many visits the package covers, 1 to 1000.';
comment on column public.packages.price is 'What the package costs, 0 or more; billed on sold_on.';
comment on column public.packages.sold_on is 'Day of the sale (practice''s time zone); covers visits on or after it.';
comment on column public.packages.expires_on is 'Last day a visit can draw on the package; none: never expires.';
comment on column public.packages.note is 'Free text, up to 500 characters.';

create table public.payments (
  id uuid not null default gen_random_uuid(),
  kind text not null default 'payment',
  client_id uuid not null,
  appointment_id uuid,
  package_id uuid,
  reverses_id uuid,
  amount numeric(10,2) not null,
  method text not null,
  paid_at timestamptz not null default now(),
  reference text,
  note text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint payments_pkey primary key (therapist_id, id),
  -- Lets a refund or void require that the entry it reverses is of the same client.
  constraint payments_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint payments_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint payments_appointment_fkey foreign key (therapist_id, appointment_id, client_id)
    references public.appointments (therapist_id, id, client_id),
  constraint payments_package_fkey foreign key (therapist_id, package_id, client_id)
    references public.packages (therapist_id, id, client_id),
  constraint payments_reverses_fkey foreign key (therapist_id, reverses_id, client_id)
    references public.payments (therapist_id, id, client_id),
  constraint payments_kind_check check (kind in ('payment', 'refund', 'void')),
  constraint payments_method_check check (method in ('cash', 'card', 'transfer', 'insurance', 'package', 'voucher', 'other')),
  constraint payments_amount_check check (amount > 0 and ${finite('amount')}),
  constraint payments_reverses_check check ((kind = 'payment') = (reverses_id is null)),
  constraint payments_reference_check check (reference is null or (btrim(reference) <> '' and length(reference) <= 200)),
  constraint payments_note_check check (note is null or (btrim(note) <> '' and length(note) <= 500))
);
create index payments_client on public.payments (therapist_id, client_id, paid_at);
create index payments_reverses on public.payments (therapist_id, reverses_id) where reverses_id is not null;
create index payments_appointment on public.payments (therapist_id, appointment_id) where appointment_id is not null;
create index payments_package on public.payments (therapist_id, package_id) where package_id is not null;
comment on table public.payments is 'The ledger of money received and returned. An entry is never changed or deleted: a mistake is corrected by a refund or void naming it in reverses_id.';
${commonComments('payments')}
comment on column public.payments.kind is 'payment (money in), refund (part or all of a payment given back) or void (a payment recorded by mistake, reversed whole).';
comment on column public.payments.client_id is 'Who paid, or was paid back.';
comment on column public.payments.appointment_id is 'The visit paid for, of the same client; optional.';
comment on column public.payments.package_id is 'The package this payment is the sale of, of the same client; optional.';
comment on column public.payments.reverses_id is 'For a refund or void: the payment of the same client it reverses. Null for a payment.';
comment on column public.payments.amount is 'More than 0, always positive: a refund or void subtracts by its kind. A refund is at most what is left of the payment; a void is the whole payment.';
comment on column public.payments.method is 'cash, card, transfer, insurance, package, voucher or other.';
comment on column public.payments.paid_at is 'When the money moved; defaults to now.';
comment on column public.payments.reference is 'A receipt, transaction or cheque number, up to 200 characters.';
comment on column public.payments.note is 'Free text, up to 500 characters.';
`;
