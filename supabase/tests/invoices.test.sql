-- Invoices (migration 17): numbered by the database without gaps per practice, series and year, the
-- counter out of the API roles' reach, final once issued for every role, a visit on one live invoice
-- only, a credit note repeating its invoice negated, and each practice confined to its own. Practices
-- A and B come from the fixture (client c1, service e1, appointment a1, invoice d0 = INV-2026-0001 each).
begin;
\ir fixtures/two-practices.psql

select plan(21);

-- The fixture's package would cover A's visits (which owe nothing then, and are not invoiced): set
-- aside as the migrating role, which owns the tables.
delete from public.payments;
delete from public.packages;

-- Two more completed visits of A's Ann; the service carries 19% tax and a billing code.
update public.service_menu set tax_rate = 19, billing_code = '97124'
  where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000e1';
insert into public.appointments (therapist_id, id, date, start_time, end_time, status, client_id, service_id) values
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000a2', '2026-11-24', '10:00', '11:00', 'completed',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1'),
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000a3', '2026-11-25', '10:00', '11:00', 'completed',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1');

select practice_tests.authenticate_as(practice_tests.a());
select results_eq(
  $$select number, gross, tax, lines->0->>'code' from public.issue_invoice('00000000-0000-4000-8000-0000000000c1',
    array['00000000-0000-4000-8000-0000000000a2']::uuid[], null, false, '2026-11-30')$$,
  $$values ('INV-2026-0002'::text, 80.00::numeric, 12.77::numeric, '97124'::text)$$,
  'A issues the next number of its series, the tax the part of the price at the service''s rate');
select throws_like(
  $$select public.issue_invoice('00000000-0000-4000-8000-0000000000c1', array['00000000-0000-4000-8000-0000000000a2']::uuid[], null, false, '2026-11-30')$$,
  'The visit % is already on invoice INV-2026-0002', 'a visit is not invoiced twice');
select throws_ok(
  $$insert into public.invoices (client_id, number, issued_on, lines)
    values ('00000000-0000-4000-8000-0000000000c1', 'INV-2026-0009', '2026-11-30', '[{"date": "2026-11-25", "service": "x", "gross": 1, "tax_rate": 0}]')$$,
  '23514', 'Numbers have no gaps: the next of INV-2026 is INV-2026-0003, not INV-2026-0009', 'a number sent must be the next one');
select throws_ok(
  $$insert into public.invoices (client_id, issued_on, lines)
    values ('00000000-0000-4000-8000-0000000000c1', '2026-11-30', '[{"date": "2026-11-25", "service": "x", "gross": 1, "tax_rate": 101}]')$$,
  '23514', null, 'a tax rate is 0 to 100');
select throws_ok(
  $$update public.service_menu set tax_rate = 'NaN' where id = '00000000-0000-4000-8000-0000000000e1'$$,
  '23514', null, 'a service''s tax rate is a number');
select throws_ok(
  $$update public.clients set diagnosis_codes = '{back pain}' where id = '00000000-0000-4000-8000-0000000000c1'$$,
  '23514', null, 'a diagnosis code has the shape of ICD-10');
select lives_ok(
  $$update public.clients set diagnosis_codes = '{M54.5,G44.2}' where id = '00000000-0000-4000-8000-0000000000c1'$$,
  'ICD-10 codes are kept');
select results_eq(
  $$select number from public.issue_invoice('00000000-0000-4000-8000-0000000000c1', null, '2026-11-01', true, '2026-11-30')$$,
  $$values ('INV-2026-0003'::text)$$,
  'a month''s visits not invoiced yet, after a refused insert took no number');
select is(
  (select bill_to->'diagnosis_codes' from public.invoices where number = 'INV-2026-0003'), '["M54.5", "G44.2"]'::jsonb,
  'a superbill holds the client''s diagnosis codes as at issue');
select throws_ok(
  $$update public.invoices set note = 'changed' where number = 'INV-2026-0002'$$,
  '42501', null, 'an invoice cannot be edited');
select throws_ok(
  $$delete from public.invoices where number = 'INV-2026-0002'$$,
  '42501', null, 'nor deleted');
select throws_ok(
  $$select * from practice_private.invoice_counters$$,
  '42501', null, 'the counter is out of the API roles'' reach');

-- Credit notes: their own series, the lines negated, once per invoice; the visits free again.
select lives_ok(
  $$insert into public.invoices (kind, credits_id, client_id, lines)
    select 'credit', id, client_id, '[]' from public.invoices where number = 'INV-2026-0002'$$,
  'a credit note cancels an invoice');
select results_eq(
  $$select number, gross, lines->0->>'gross' from public.invoices where kind = 'credit'$$,
  $$values ('CN-' || extract(year from current_date) || '-0001', -80.00::numeric, '-80.00'::text)$$,
  'numbered in its own series, its lines those of the invoice negated');
select throws_like(
  $$insert into public.invoices (kind, credits_id, client_id, lines)
    select 'credit', id, client_id, '[]' from public.invoices where number = 'INV-2026-0002'$$,
  'Invoice INV-2026-0002 is already cancelled by credit note %', 'an invoice is credited once');
select results_eq(
  $$select number from public.issue_invoice('00000000-0000-4000-8000-0000000000c1', array['00000000-0000-4000-8000-0000000000a2']::uuid[], null, false, '2026-12-01')$$,
  $$values ('INV-2026-0004'::text)$$,
  'a credited visit can be invoiced again');

-- Even the owner cannot change an issued invoice.
reset role;
select throws_like(
  $$update public.invoices set note = 'changed' where therapist_id = practice_tests.a() and number = 'INV-2026-0002'$$,
  'Invoice INV-2026-0002 is issued and can no longer be changed', 'an issued invoice is final for every role');

-- Isolation: B sees none of A's invoices, and cannot credit them or invoice A's visits.
select practice_tests.authenticate_as(practice_tests.b());
select is((select array_agg(number) from public.invoices), array['INV-2026-0001'], 'B reads only its own invoice');
select lives_ok(
  $$insert into public.invoices (kind, credits_id, client_id, lines)
    values ('credit', '00000000-0000-4000-8000-0000000000d0', '00000000-0000-4000-8000-0000000000c1', '[]')$$,
  'B credits its own invoice, numbered in its own counter');
select results_eq($$select number from public.invoices where kind = 'credit'$$,
  $$values ('CN-' || extract(year from current_date) || '-0001')$$, 'B''s credit notes start at 1, whatever A issued');
select throws_like(
  $$select public.issue_invoice('00000000-0000-4000-8000-0000000000c1', array['00000000-0000-4000-8000-0000000000a2']::uuid[])$$,
  'The appointment % is not a completed visit of this client', 'B cannot invoice A''s visit');

select * from finish();
rollback;
