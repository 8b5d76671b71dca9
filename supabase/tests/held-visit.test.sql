-- A held visit stays held (migration 7): a completed appointment that a signed note refers to keeps
-- its date, times, service and price for every role a request runs as; its notes may change, and a
-- visit whose note is unsigned may move. Practice A's appointment and note come from the fixture.
begin;
\ir fixtures/two-practices.psql

select plan(11);

-- The fixture's visit of A, completed, with a second service to switch to.
update public.appointments set status = 'completed'
  where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000a1';
insert into public.service_menu (therapist_id, id, name, duration, price) values
  (practice_tests.a(), '00000000-0000-4000-8000-0000000000e2', 'Hot stone 90', 90, 120);

select practice_tests.authenticate_as(practice_tests.a());
select lives_ok(
  $$update public.appointments set date = '2026-11-24', start_time = '11:00', end_time = '12:00', price = 70
    where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'A completed visit whose note is unsigned moves');
update public.sessions set signed_at = now() where appointment_id = '00000000-0000-4000-8000-0000000000a1';

select throws_ok(
  $$update public.appointments set date = '2026-11-25' where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'PT409', null, 'Once the note is signed, its date is held');
select throws_like(
  $$update public.appointments set start_time = '10:00', end_time = '11:00' where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'Cannot change the start_time, end_time of appointment % it is a held visit, and signed note % records it',
  'its times are held, and the refusal names them and the note');
select throws_ok(
  $$update public.appointments set service_id = '00000000-0000-4000-8000-0000000000e2' where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'PT409', null, 'its service is held');
select throws_ok(
  $$update public.appointments set price = 0 where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'PT409', null, 'its price is held');
select lives_ok(
  $$update public.appointments set notes = 'paid cash', date = date, price = price where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'its notes change, and a held column written back unchanged passes');
select results_eq(
  $$select date, start_time, end_time, price, notes from public.appointments where id = '00000000-0000-4000-8000-0000000000a1'$$,
  $$values ('2026-11-24'::date, '11:00'::time, '12:00'::time, 70::numeric, 'paid cash'::text)$$,
  'the held visit is as it was held');

select practice_tests.act_as('service_role', '{"role": "service_role"}');
select throws_ok(
  $$update public.appointments set price = 1 where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000a1'$$,
  'PT409', null, 'service_role is refused too');
reset role;
select throws_ok(
  $$update public.appointments set date = '2026-12-01' where therapist_id = practice_tests.a() and id = '00000000-0000-4000-8000-0000000000a1'$$,
  'PT409', null, 'and so is the owner: the rule holds for every client');

-- B's visit, not completed, with its note signed, moves freely.
update public.sessions set signed_at = now() where therapist_id = practice_tests.b();
select practice_tests.authenticate_as(practice_tests.b());
select lives_ok(
  $$update public.appointments set start_time = '12:00', end_time = '13:00' where id = '00000000-0000-4000-8000-0000000000a1'$$,
  'A scheduled visit with a signed note moves');
select is((select start_time from public.appointments where id = '00000000-0000-4000-8000-0000000000a1'), '12:00'::time,
  'and is where it was moved');

select * from finish();
rollback;
