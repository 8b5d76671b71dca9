// What documents for a client and an insurer need beyond the price: a service's tax rate (percent,
// included in its price) and billing code (CPT 97124, or a national tariff's), and a client's
// diagnosis codes (ICD-10) for a superbill.

// ICD-10-CM's shape: a letter other than U, a digit, a digit or A/B, then optionally a point and up to
// four more. Written into the check through a comma-joined list, which a check constraint can test.
const ICD10 = '[A-TV-Z][0-9][0-9AB](\\.[0-9A-TV-Z]{1,4})?';

export const billingDetails = `
alter table public.service_menu
  add column tax_rate numeric(5,2) not null default 0,
  add column billing_code text,
  add constraint service_menu_tax_rate_check check (tax_rate between 0 and 100 and tax_rate not in ('NaN', 'Infinity', '-Infinity')),
  add constraint service_menu_billing_code_check check (billing_code is null or billing_code ~ '^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$');
comment on column public.service_menu.tax_rate is 'Tax (VAT, GST) in percent, 0 to 100, included in the price: an invoice shows the part of the price that is tax.';
comment on column public.service_menu.billing_code is 'The code an insurer knows the service by (CPT 97124, or a national tariff''s): letters, digits, point and hyphen, up to 20.';

alter table public.clients
  add column diagnosis_codes text[] not null default '{}',
  add constraint clients_diagnosis_codes_check check (cardinality(diagnosis_codes) <= 12
    and array_position(diagnosis_codes, null) is null
    and array_to_string(diagnosis_codes, ',') ~ '^(${ICD10}(,${ICD10})*)?$');
comment on column public.clients.diagnosis_codes is 'ICD-10 codes (M54.5, G44.2) a superbill names, at most 12; uppercase, as the classification writes them.';
`;
