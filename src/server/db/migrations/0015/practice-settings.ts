// The practice's settings, one row per key: how long records are kept (retention, in years; the
// CLI's defaults apply to a key without a row) and the practice's own details that invoices and
// receipts print. Tenant-scoped like every table; its writes are audited like every table's.
const SETTING_KEYS = [
  'clinical_retention_years', 'financial_retention_years',
  'practice_name', 'address', 'tax_id', 'license_number', 'payment_instructions',
] as const;

export const practiceSettings = `
create table public.practice_settings (
  id uuid not null default gen_random_uuid(),
  key text not null,
  value text not null,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint practice_settings_pkey primary key (therapist_id, id),
  constraint practice_settings_key_unique unique (therapist_id, key),
  constraint practice_settings_key_check check (key in (${SETTING_KEYS.map((key) => `'${key}'`).join(', ')})),
  constraint practice_settings_value_check check (case
    when key like '%_retention_years' then value ~ '^([1-9][0-9]?|100)$'
    else btrim(value) <> '' and length(value) <= 2000 end)
);
comment on table public.practice_settings is 'The practice''s settings, one row per key: retention periods in years and the practice''s details (name, address, tax or VAT id, licence or NPI number, payment instructions).';
comment on column public.practice_settings.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.practice_settings.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.practice_settings.key is 'Which setting: ${SETTING_KEYS.join(', ')}. One row per key.';
comment on column public.practice_settings.value is 'The setting''s value as text; a retention period is whole years, 1 to 100.';

alter table public.practice_settings enable row level security;
create policy own_practice on public.practice_settings for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.practice_settings from anon, authenticated, service_role;
grant select on public.practice_settings to anon;
grant select, insert, update, delete on public.practice_settings to authenticated;
grant all on public.practice_settings to service_role;

create trigger touch_updated_at before update on public.practice_settings
  for each row execute function practice_private.touch_updated_at();
`;
