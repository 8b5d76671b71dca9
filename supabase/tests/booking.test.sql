-- The public booking calls (migration 20): anon may execute the three and nothing else of them; each
-- is security definer with an empty search_path, owned by a booking role that is no API role, not a
-- superuser and bypasses no row-level security, and reads only the columns its answer needs; a call
-- answers from the page's practice alone and leaves the caller's claims as they were.
begin;
\ir fixtures/two-practices.psql

select plan(16);

select ok(has_function_privilege('anon', 'public.booking_page(text)', 'execute'), 'anon may call booking_page');
select ok(has_function_privilege('anon', 'public.booking_free_starts(text, uuid, date, date)', 'execute'), 'anon may call booking_free_starts');
select ok(has_function_privilege('anon', 'public.booking_request(text, uuid, timestamptz, text, text, text, jsonb, integer, text)', 'execute'),
  'anon may call booking_request');
select ok(not has_function_privilege('anon', 'practice_private.enter_booking_page(text)', 'execute'), 'anon may not enter a page itself');
select results_eq(
  $$select p.proname::text collate "default", p.prosecdef, p.proconfig @> array['search_path=""'], pg_get_userbyid(p.proowner)::text collate "default"
    from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname like 'booking\_%' order by 1$$,
  $$values ('booking_free_starts', true, true, 'booking_reader'), ('booking_page', true, true, 'booking_reader'),
    ('booking_request', true, true, 'booking_writer')$$,
  'each call is security definer with an empty search_path, owned by a booking role');
select results_eq(
  $$select rolname::text collate "default", rolsuper, rolbypassrls, rolcanlogin, pg_has_role('anon', oid, 'member'), pg_has_role('authenticated', oid, 'member')
    from pg_roles where rolname in ('booking_reader', 'booking_writer') order by 1$$,
  $$values ('booking_reader', false, false, false, false, false), ('booking_writer', false, false, false, false, false)$$,
  'the booking roles log in to nothing, bypass nothing, and no API role acts as them');
select ok(not has_table_privilege('booking_reader', 'public.clients', 'select'), 'the reader reads no client');
select ok(not has_column_privilege('booking_reader', 'public.closures', 'reason', 'select'), 'the reader reads no closure''s reason');
select ok(not has_column_privilege('booking_reader', 'public.appointments', 'client_name', 'select')
  and not has_column_privilege('booking_reader', 'public.appointments', 'notes', 'select'), 'the reader reads no booking''s client or notes');
select ok(not has_table_privilege('booking_writer', 'public.sessions', 'select') and not has_table_privilege('booking_writer', 'public.payments', 'select'),
  'the writer reads no notes and no payments');

select practice_tests.act_as('anon', '{"role": "anon"}');
select is(public.booking_page('practice-a') ->> 'slug', 'practice-a', 'anon reads practice A''s page');
select is(jsonb_array_length(public.booking_page('practice-a') -> 'services'), 1, 'with A''s one service');
select is(current_setting('request.jwt.claims'), '{"role": "anon"}', 'the caller''s claims are as they were after a call');
select throws_ok($$select public.booking_page('no-such-page')$$, 'PT404', 'No booking page at this address.', 'an unknown page: 404');
select is_empty($$select 1 from public.booking_pages$$, 'anon reads no page row itself');
select throws_ok($$select public.booking_free_starts('practice-a', '00000000-0000-4000-8000-0000000000e1', '2030-01-01', '2030-03-01')$$,
  '22023', null, 'at most 31 days a call');

select * from finish();
rollback;
