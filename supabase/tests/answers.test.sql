-- The practice's answers (migration 12) read only the caller's practice: practice A and B of the
-- fixture book the same ids on the same Monday, 2026-11-23, and each function answers from the
-- caller's rows alone; anon may execute none of them.
begin;
\ir fixtures/two-practices.psql

select plan(17);

-- A: a closure over lunch, a completed visit with its kept price; B: a rent bill A must never see.
insert into public.closures (therapist_id, starts_at, ends_at, reason) values
  (practice_tests.a(), '2026-11-23 13:00', '2026-11-23 14:00', 'dentist');
update public.appointments set status = 'completed' where therapist_id = practice_tests.a();
insert into public.expenses (therapist_id, date, amount, category) values
  (practice_tests.b(), '2026-11-22', 1000, 'rent');

select practice_tests.authenticate_as(practice_tests.a());
select results_eq(
  $$select start_time, end_time from public.free_windows('2026-11-23', '2026-11-23')$$,
  $$values ('09:00', '10:00'), ('11:00', '13:00'), ('14:00', '17:00')$$,
  'A''s free time: its hours less its booking and its closure');
select results_eq(
  $$select start_time from public.free_slots('2026-11-23', '2026-11-23', 60, 0, 60)$$,
  $$values ('09:00'), ('11:00'), ('12:00'), ('14:00'), ('15:00'), ('16:00')$$,
  'A''s hour-long slots skip the booking and the closure');
select results_eq(
  $$select start_time from public.free_slots('2026-11-23', '2026-11-23', 60, 0, 60, '2026-11-23 14:30')$$,
  $$values ('15:00'), ('16:00')$$,
  'nothing before not_before, and now is no edge');
select is(
  (select jsonb_path_query_array(public.free_time('2026-11-23', '2026-11-23', service => '00000000-0000-4000-8000-0000000000e1', step_minutes => 30), '$.days[0].slots[*].start')),
  '["09:00", "11:00", "11:30", "12:00", "14:00", "14:30", "15:00", "15:30", "16:00"]'::jsonb,
  'free_time takes the service''s length and lists its slots');
select is(
  (select public.free_time('2026-11-23', '2026-11-23') -> 'days' -> 0 -> 'closures'),
  '[{"start": "13:00", "end": "14:00", "reason": "dentist"}]'::jsonb,
  'free_time names the day''s closures');
select results_eq(
  $$select date, kind, reason, other_client from public.series_check('[{"date": "2026-11-23", "start_time": "10:30", "end_time": "11:30"}, {"date": "2026-11-30", "start_time": "10:30", "end_time": "11:30"}]')$$,
  $$values ('2026-11-23'::date, 'overlap', 'overlaps', 'Ann (A)')$$,
  'the series check finds A''s own booking, by its client''s name');
select results_eq(
  $$select date, kind, reason, opening from public.series_check('[{"date": "2026-11-23", "start_time": "13:30", "end_time": "14:30"}, {"date": "2026-11-23", "start_time": "16:30", "end_time": "17:30"}, {"date": "2026-11-24", "start_time": "13:30", "end_time": "14:30"}]')$$,
  $$values ('2026-11-23'::date, 'closure', 'closed: dentist', null), ('2026-11-23'::date, 'hours', 'outside business hours', '09:00-17:00'), ('2026-11-24'::date, 'hours', 'a closed day', null)$$,
  'the series check names the closure, the hours and the closed day');
select results_eq(
  $$select label, completed, revenue from public.revenue_report('2026-11-01', '2026-11-30', 'month')$$,
  $$values ('2026-11', 1, 80.00)$$,
  'A''s revenue is its visit at its kept price');
-- Requests from the booking page (migration 25): one declined, one waiting. Neither is booked, and the
-- declined one is no cancellation.
insert into public.appointments (client_id, date, start_time, end_time, status)
  select client_id, day, '10:00', '11:00', 'requested' from public.appointments, (values ('2026-11-24'::date), ('2026-11-25'::date)) as days(day)
  where date = '2026-11-23';
update public.appointments set status = 'cancelled' where date = '2026-11-24';
select is((select request_answer from public.appointments where date = '2026-11-24'), 'declined', 'a request cancelled unaccepted is declined');
select results_eq(
  $$select booked, visits, cancelled from public.visits_report('2026-11-01', '2026-11-30', 'month')$$,
  $$values (1, 1, 0)$$,
  'visits_report counts neither the declined request nor the waiting one');
select results_eq(
  $$select completed, cancelled from public.revenue_report('2026-11-01', '2026-11-30', 'month')$$,
  $$values (1, 0)$$,
  'revenue_report counts no declined request as a cancellation');
select results_eq(
  $$select kind, category, amount::text from public.pnl_by_category('2026-11-01', '2026-11-30')$$,
  $$values ('revenue', 'appointments', '80.00'), ('expense', 'linens', '42.50'), ('net', '', '37.50')$$,
  'A''s profit and loss holds none of B''s expenses, in exact decimals');
select results_eq(
  $$select kind, client from public.missing_notes('2026-11-01', '2026-11-30', now() + interval '1 day')$$,
  $$values ('unsigned', 'Ann (A)')$$,
  'A''s unsigned note is due, named after A''s client');

select practice_tests.authenticate_as(practice_tests.b());
select results_eq(
  $$select start_time, end_time from public.free_windows('2026-11-23', '2026-11-23')$$,
  $$values ('11:00', '18:00')$$,
  'B''s free time knows nothing of A''s closure');
select results_eq(
  $$select kind, category, amount::text from public.pnl_by_category('2026-11-01', '2026-11-30')$$,
  $$values ('revenue', 'appointments', '0.00'), ('expense', 'rent', '1000.00'), ('expense', 'supplies', '19.99'), ('net', '', '-1019.99')$$,
  'B''s profit and loss holds none of A''s revenue');

select practice_tests.act_as('anon', '{"role": "anon"}');
select throws_ok(
  $$select * from public.free_slots('2026-11-23', '2026-11-23', 60)$$,
  '42501', null, 'anon may not execute the answers');
select throws_ok(
  $$select * from public.revenue_report('2026-11-01', '2026-11-30')$$,
  '42501', null, 'nor the reports');

select * from finish();
rollback;
