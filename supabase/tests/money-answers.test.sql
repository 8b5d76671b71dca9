-- The money answers (migration 18) read and write only the caller's practice: a visit completed with
-- its payment in one call, receivables by age (payments settling the oldest charges first), revenue
-- and profit and loss collected. Practices A and B come from the fixture (client c1, service e1,
-- appointment a1 each, the same ids); anon may execute none of the functions.
begin;
\ir fixtures/two-practices.psql

select plan(12);

-- The fixture's packages and payments are set aside (as the migrating role): the ledger starts empty.
delete from public.payments;
delete from public.packages;
-- A: an older visit of Ann, completed and unpaid; B: its a1 completed at its price, and a visit only B has.
insert into public.appointments (therapist_id, id, date, start_time, end_time, status, client_id, service_id) values
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000a2', '2026-08-03', '10:00', '11:00', 'completed',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1'),
  (practice_tests.b(), '00000000-0000-4000-8000-0000000000a9', '2026-11-30', '10:00', '11:00', 'scheduled',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1');
update public.appointments set status = 'completed' where therapist_id = practice_tests.b() and id = '00000000-0000-4000-8000-0000000000a1';

select practice_tests.authenticate_as(practice_tests.a());
select results_eq(
  $$select amount::text, package_id, paid_before::text from public.complete_paid_visit('00000000-0000-4000-8000-0000000000a1', 'card', '2026-11-23 12:00+00')$$,
  $$values ('80.00', null::uuid, '0')$$,
  'A completes its visit and records its price as paid');
select results_eq(
  $$select status from public.appointments where id = '00000000-0000-4000-8000-0000000000a1'$$,
  $$values ('completed')$$,
  'the visit is completed');
select throws_ok(
  $$select * from public.complete_paid_visit('00000000-0000-4000-8000-0000000000a1', 'card')$$,
  'PT409', null, 'a visit already completed is refused, and no second payment is recorded');
select throws_ok(
  $$select * from public.complete_paid_visit('00000000-0000-4000-8000-0000000000a9', 'card')$$,
  'PT404', null, 'B''s visit is not found for A');
select results_eq(
  $$select client_name, days_0_30::text, days_over_90::text, owed::text, oldest_unpaid from public.receivables('2026-11-30')$$,
  $$values ('Ann (A)', '80.00', '0.00', '80.00', '2026-11-23'::date)$$,
  'A''s receivables: the payment settled August''s visit first, so November''s is owed');
select results_eq(
  $$select label, payments, received::text, refunded::text, revenue::text from public.collected_revenue_report('2026-11-01', '2026-11-30', 'month', 'UTC')$$,
  $$values ('2026-11', 1, '80.00', '0.00', '80.00')$$,
  'A''s collected revenue is its payment');
select results_eq(
  $$select kind, category, amount::text from public.pnl_by_category('2026-11-01', '2026-11-30', 'collected', 'UTC')$$,
  $$values ('revenue', 'payments', '80.00'), ('expense', 'linens', '42.50'), ('net', '', '37.50')$$,
  'A''s cash-basis profit and loss holds none of B''s rows');

select practice_tests.authenticate_as(practice_tests.b());
select results_eq(
  $$select client_name, owed::text from public.receivables('2026-11-30')$$,
  $$values ('Bea (B)', '90.00')$$,
  'B''s receivables are its own client''s');
select results_eq(
  $$select payments, revenue::text from public.collected_revenue_report('2026-11-01', '2026-11-30', 'month', 'UTC')$$,
  $$values (0, '0.00')$$,
  'B collected nothing: A''s payment is not B''s');
select results_eq(
  $$select status from public.appointments where id = '00000000-0000-4000-8000-0000000000a9'$$,
  $$values ('scheduled')$$,
  'B''s visit was left as it was');

select practice_tests.act_as('anon', '{"role": "anon"}');
select throws_ok(
  $$select * from public.receivables()$$,
  '42501', null, 'anon may not execute the money answers');
select throws_ok(
  $$select * from public.complete_paid_visit('00000000-0000-4000-8000-0000000000a9', 'cash')$$,
  '42501', null, 'nor complete a visit');

select * from finish();
rollback;
