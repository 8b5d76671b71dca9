-- Migration 21: the calendar feed's lookup by token digest. The service's own role finds the practice
-- of a digest and nothing for one never issued; no API role may call the lookup, and each practice
-- sees only its own feeds' rows.
begin;
\ir fixtures/two-practices.psql
select plan(8);

select results_eq($$select therapist_id, full_names, time_zone from practice_private.calendar_feed_owner(encode(sha256('token of A'), 'hex'))$$,
  $$values (practice_tests.a(), false, 'Europe/Berlin')$$, 'the owner role finds A''s feed, its names choice and zone, by the digest');
select results_eq($$select therapist_id from practice_private.calendar_feed_owner(encode(sha256('token of B'), 'hex'))$$,
  $$values (practice_tests.b())$$, 'and B''s by B''s');
select is_empty($$select 1 from practice_private.calendar_feed_owner(encode(sha256('token of nobody'), 'hex'))$$,
  'a token never issued finds no practice');
select ok(not has_function_privilege('anon', 'practice_private.calendar_feed_owner(text)', 'execute'), 'anon may not call the lookup');
select ok(not has_function_privilege('authenticated', 'practice_private.calendar_feed_owner(text)', 'execute'), 'authenticated may not call the lookup');
select ok(not has_function_privilege('service_role', 'practice_private.calendar_feed_owner(text)', 'execute'), 'service_role may not call the lookup');

select practice_tests.authenticate_as(practice_tests.a());
select is((select array_agg(time_zone) from public.calendar_feeds), array['Europe/Berlin'], 'A sees only its own feed');
select throws_ok($$insert into public.calendar_feeds (token_digest, time_zone) values ('not a digest', 'Europe/Berlin')$$, '23514', null,
  'a digest that is not hex SHA-256 is refused');

select * from finish();
rollback;
