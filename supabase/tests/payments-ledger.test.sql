-- The payments ledger (migration 16): an entry is never changed or deleted by any API role, a refund
-- gives back at most what is left of its payment, a void reverses a whole untouched payment, entries
-- reference only their own practice's and client's rows, and balances and packages are derived from
-- the visits. Practices A and B come from the fixture (client c1, service e1, appointment a1 each).
begin;
\ir fixtures/two-practices.psql

select plan(28);

-- The fixture's package and payment of each practice are set aside (as the migrating role, which
-- owns the tables): this test builds its ledger from nothing.
delete from public.payments;
delete from public.packages;

-- A second client of A, and three completed visits of Ann at 80.
insert into public.clients (therapist_id, id, name) values
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000c2', 'Cal (A)');
update public.appointments set status = 'completed'
  where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000a1';
insert into public.appointments (therapist_id, id, date, start_time, end_time, status, client_id, service_id) values
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000a2', '2026-11-24', '10:00', '11:00', 'completed',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1'),
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000a3', '2026-11-25', '10:00', '11:00', 'completed',
    '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1');

select practice_tests.authenticate_as(practice_tests.a());
select lives_ok(
  $$insert into public.payments (id, client_id, appointment_id, amount, method)
    values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000a1', 100, 'card')$$,
  'A records a payment of its client for its visit');
select throws_ok(
  $$update public.payments set amount = 1 where id = '00000000-0000-4000-8000-0000000000f1'$$,
  '42501', null, 'a payment cannot be edited');
select throws_ok(
  $$delete from public.payments where id = '00000000-0000-4000-8000-0000000000f1'$$,
  '42501', null, 'nor deleted');
select throws_ok(
  $$insert into public.payments (client_id, amount, method) values ('00000000-0000-4000-8000-0000000000c1', 0, 'cash')$$,
  '23514', null, 'an amount must be more than 0');
select throws_ok(
  $$insert into public.payments (client_id, amount, method) values ('00000000-0000-4000-8000-0000000000c1', 'NaN', 'cash')$$,
  '23514', null, 'and a number');
select throws_ok(
  $$insert into public.payments (client_id, amount, method) values ('00000000-0000-4000-8000-0000000000c1', 5, 'bitcoin')$$,
  '23514', null, 'a method is one of the list');
select throws_ok(
  $$insert into public.payments (client_id, amount, method, kind) values ('00000000-0000-4000-8000-0000000000c1', 5, 'cash', 'refund')$$,
  '23514', null, 'a refund names the payment it reverses');
select throws_ok(
  $$insert into public.payments (client_id, appointment_id, amount, method)
    values ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000a1', 5, 'cash')$$,
  '23503', null, 'a payment''s visit is of the same client');

-- Refunds: at most what is left.
select lives_ok(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('refund', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', 30, 'card')$$,
  'a refund of part of a payment');
select throws_like(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('refund', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', 70.01, 'card')$$,
  'Cannot refund 70.01 of payment % only 70.00 of its 100.00 is left', 'a refund past what is left is refused, naming what is left');
select throws_like(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('void', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', 100, 'card')$$,
  'Cannot void payment %: 30.00 of it was already refunded or voided', 'a partly refunded payment cannot be voided');
select lives_ok(
  $$insert into public.payments (id, kind, reverses_id, client_id, amount, method)
    values ('00000000-0000-4000-8000-0000000000f2', 'refund', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000c1', 70, 'card')$$,
  'the rest of it can be refunded');
select throws_like(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('refund', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000c1', 1, 'card')$$,
  'Payment % is a refund, which cannot be reversed', 'a refund cannot itself be reversed');

-- Voids: the whole of an untouched payment.
insert into public.payments (id, client_id, amount, method)
  values ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000c1', 160, 'cash');
select throws_like(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('void', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000c1', 60, 'cash')$$,
  'Cannot void payment %: a void reverses the whole 160.00, not 60.00', 'a void is of the whole payment');
select throws_ok(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('void', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000c2', 160, 'cash')$$,
  '23503', null, 'a reversal is of the same client');

-- Balances: 3 visits at 80 billed, 160 paid net of the refunded 100; the oldest unpaid is the third.
select results_eq(
  $$select client_name, billed, paid, owed, visits, oldest_unpaid, days_unpaid from public.balances(null, '2026-12-05')$$,
  $$values ('Ann (A)'::text, 240.00::numeric, 160.00::numeric, 80.00::numeric, 3, '2026-11-25'::date, 10)$$,
  'a balance: completed visits billed, payments less refunds paid, the oldest unpaid charge first');

-- Packages: 2 visits of Swedish 60 sold on 2026-11-24 for 150 cover the visits of the 24th and 25th.
select lives_ok(
  $$insert into public.packages (id, client_id, service_id, visits, price, sold_on, expires_on)
    values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1', 2, 150, '2026-11-24', '2027-06-30')$$,
  'A sells a package');
select throws_ok(
  $$insert into public.packages (client_id, service_id, visits, price, sold_on)
    values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000e1', 2, 'NaN', '2026-11-24')$$,
  '23514', null, 'a package''s price is a number');
select results_eq(
  $$select visits_left, open from public.package_usage(null, '2026-12-05')$$,
  $$values (0, false)$$,
  'the two later visits used it up');
select results_eq(
  $$select billed, owed, covered_visits, oldest_unpaid from public.balances('00000000-0000-4000-8000-0000000000c1', '2026-12-05')$$,
  $$values (230.00::numeric, 70.00::numeric, 2, '2026-11-24'::date)$$,
  'covered visits owe nothing; the sale is billed on its day');
reset role;
update public.appointments set status = 'confirmed'
  where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000a3';
select practice_tests.authenticate_as(practice_tests.a());
select results_eq(
  $$select used, visits_left, open from public.package_usage(null, '2026-12-05')$$,
  $$values (1, 1, true)$$,
  'an undone visit gives its visit back');
select results_eq(
  $$select visits_left, open from public.package_usage(null, '2027-07-01')$$,
  $$values (1, false)$$,
  'an expired package is no longer open');

-- Isolation: B sees none of A's money, and cannot reach it.
select practice_tests.authenticate_as(practice_tests.b());
select is((select count(*) from public.payments), 0::bigint, 'B reads none of A''s payments');
select is((select count(*) from public.packages), 0::bigint, 'nor its packages');
select is((select count(*) from public.balances()), 0::bigint, 'and its balances show none of A''s clients');
select throws_ok(
  $$insert into public.payments (kind, reverses_id, client_id, amount, method)
    values ('refund', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000c1', 1, 'cash')$$,
  '23503', null, 'B cannot refund A''s payment (it does not exist for B)');
select throws_ok(
  $$insert into public.payments (therapist_id, client_id, amount, method)
    values (practice_tests.a(), '00000000-0000-4000-8000-0000000000c1', 5, 'cash')$$,
  '42501', null, 'nor write into A''s ledger');

-- service_role has every privilege, and the ledger still holds for it.
select practice_tests.act_as('service_role', '{"role": "service_role"}');
select throws_like(
  $$insert into public.payments (therapist_id, kind, reverses_id, client_id, amount, method)
    values (practice_tests.a(), 'refund', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000c1', 161, 'cash')$$,
  'Cannot refund 161.00 of payment %', 'service_role cannot over-refund either');
reset role;

select * from finish();
rollback;
