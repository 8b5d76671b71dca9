-- Migration 15: row-level security forced on every table, and the audit trail the database writes.
-- Each practice sees only its own audit rows and no request role can change one; every write is
-- recorded with who, through what and the columns changed; the chain shows a row changed behind
-- the triggers' back; and with an owner that is neither superuser nor BYPASSRLS (forced RLS then
-- confines the owner too) the SECURITY DEFINER writers of the trail still work for every practice.
begin;
\ir fixtures/two-practices.psql
select plan(27);

select is((select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r' and not (c.relrowsecurity and c.relforcerowsecurity)), 0,
  'every table of schema public has row-level security enabled and forced');
-- client_balances (migration 23) is derived, kept by triggers from tables that are audited themselves.
select is((select count(*)::int from pg_tables t where t.schemaname = 'public' and t.tablename not in ('audit_log', 'client_balances')
           and not exists (select from pg_trigger g where g.tgrelid = format('public.%I', t.tablename)::regclass and g.tgname = 'audit_change')), 0,
  'every practice table has the audit trigger');
select is_empty('select 1 from public.audit_chain_breaks', 'the fixture''s writes left both chains intact');
select is((select count(*)::int from public.audit_log where therapist_id = practice_tests.a() and via = 'sql' and action = 'insert'),
  (select count(*)::int from public.audit_log where therapist_id = practice_tests.a()),
  'writes without a request are recorded as through sql');

-- A writes through the MCP server: who, through what, and exactly the columns changed.
select practice_tests.authenticate_as(practice_tests.a());
select set_config('request.method', 'PATCH', true), set_config('request.headers', '{"x-client-info": "practice-mcp/1.0.0"}', true);
update public.clients set phone = '555-0111' where id = '00000000-0000-4000-8000-0000000000c1';
select results_eq(
  $$select actor, actor_role, via, client_info, table_name, row_id, client_id, action, changes - 'updated_at'
    from public.audit_log order by id desc limit 1$$,
  $$values (practice_tests.a(), 'authenticated', 'mcp', 'practice-mcp/1.0.0', 'clients', '00000000-0000-4000-8000-0000000000c1',
    '00000000-0000-4000-8000-0000000000c1'::uuid, 'update', '{"phone": {"old": null, "new": "555-0111"}}'::jsonb)$$,
  'an update records the user, role, channel, row, client and only the changed columns with old and new values');
select is((select count(*) filter (where therapist_id <> practice_tests.a())::int from public.audit_log), 0, 'A sees none of B''s audit rows');
select ok((select count(*) > 0 from public.audit_log), 'A sees its own audit rows');
select throws_ok($$insert into public.audit_log (id, therapist_id, actor_role, via, table_name, action, prev_hash, hash)
  values (999, practice_tests.a(), 'x', 'cli', 'clients', 'insert', 'x', 'x')$$, '42501', null, 'A cannot add an audit row');
select throws_ok('update public.audit_log set via = ''cli''', '42501', null, 'A cannot change its audit rows');
select throws_ok('delete from public.audit_log', '42501', null, 'A cannot delete its audit rows');
select set_config('request.headers', '{"x-client-info": "supabase-js-web/2.45.0"}', true);
insert into public.expenses (date, amount, category) values ('2026-11-22', 12, 'supplies');
select is((select via from public.audit_log order by id desc limit 1), 'web', 'supabase-js is recorded as web');
select set_config('request.headers', '{"user-agent": "curl/8"}', true);
delete from public.expenses where amount = 12;
select results_eq($$select action, via, changes -> 'amount' from public.audit_log order by id desc limit 1$$,
  $$values ('delete', 'api', '{"old": 12}'::jsonb)$$, 'a delete records the old values; another HTTP client is api');

select set_config('request.headers', '{"x-client-info": "practice-cli/1.0.0"}', true);
select ok(public.audit_record_event('export', '*', null, '{"rows": {"clients": 1}}') > 0,
  'rpc audit_record_event appends an export to the caller''s chain, answering its position');
select results_eq($$select therapist_id, actor, via, action from public.audit_log order by id desc limit 1$$,
  $$values (practice_tests.a(), practice_tests.a(), 'cli', 'export')$$, 'as the caller, through the caller''s channel');
select throws_ok($$select public.audit_record_event('delete', 'clients', null, '{}')$$, '22023', null,
  'audit_record_event takes no action the database records itself');
select throws_ok($$select public.audit_record_event('erase', 'clients', null, '{}')$$, '22023', null,
  'audit_record_event records no erasure: erase_client records its own');
select throws_ok($$select public.audit_record_event('export', 'clients', '00000000-0000-0000-0000-000000000000', '{}')$$, 'P0002', null,
  'audit_record_event records an event about a client of the caller''s practice only');

select practice_tests.act_as('anon', '{"role": "anon"}');
select is_empty('select 1 from public.audit_log', 'anon sees no audit row');
select throws_ok($$select public.audit_record_event('export', '*', null, '{}')$$, '42501', null, 'anon cannot record an event');
select practice_tests.act_as('service_role', '{"role": "service_role"}');
select throws_ok('delete from public.audit_log', '42501', null, 'service_role cannot delete audit rows');
select throws_ok('update public.audit_log set via = ''cli''', '42501', null, 'service_role cannot change audit rows');

-- The owner, behind the triggers' back: refused, and when it turns them off the chain shows it.
reset role;
select throws_ok('update public.audit_log set via = ''cli''', '42501', null, 'the owner is refused a change over SQL');
set local session_replication_role = replica;
update public.audit_log set changes = '{"phone": {"old": null, "new": "555-0000"}}' where therapist_id = practice_tests.a() and table_name = 'clients' and action = 'update';
delete from public.audit_log where therapist_id = practice_tests.b() and id = 2;
set local session_replication_role = origin;
select results_eq($$select therapist_id, table_name, problem from public.audit_chain_breaks order by therapist_id, id$$,
  $$values (practice_tests.a(), 'clients', 'its fields do not match its hash: it was changed'),
           (practice_tests.b(), 'business_hours', 'rows before it are missing')$$,
  'a changed row and a removed row are named, each the first break of its practice');

-- An owner that is neither superuser nor BYPASSRLS: forced RLS confines it, the trail's writers work.
create role practice_test_owner nologin;
grant anon, authenticated, service_role to practice_test_owner;
grant usage on schema practice_private, auth, public to practice_test_owner;
grant all on all tables in schema public to practice_test_owner;
do $$
declare t record;
begin
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('alter table public.%I owner to practice_test_owner', t.tablename);
  end loop;
end $$;
alter view public.audit_chain_breaks owner to practice_test_owner;
alter function practice_private.audit_append owner to practice_test_owner;
alter function practice_private.audit_row_change owner to practice_test_owner;
alter function practice_private.audit_access owner to practice_test_owner;
alter function practice_private.audit_channel owner to practice_test_owner;
alter policy trail_writer on public.audit_log to practice_test_owner;
set local role practice_test_owner;
select is((select count(*)::int from public.clients), 0, 'forced: the tables'' owner, without a user, sees no row');
reset role;
select practice_tests.authenticate_as(practice_tests.a());
insert into public.clients (name) values ('Forced Owner Client');
select is((select table_name || ' ' || action from public.audit_log order by id desc limit 1), 'clients insert',
  'under forced RLS a request''s write is still recorded by the owner''s definer function');
select practice_tests.act_as('service_role', '{"role": "service_role"}');
insert into public.clients (therapist_id, name) values (practice_tests.b(), 'Written by the service key');
select is((select actor_role || ' ' || coalesce(actor::text, 'no user') from public.audit_log where therapist_id = practice_tests.b() order by id desc limit 1),
  'service_role no user', 'a service_role write (no auth.uid()) is recorded in the practice it wrote to');
reset role;
select is((select count(*)::int from public.audit_chain_breaks where problem <> 'its fields do not match its hash: it was changed' and problem <> 'rows before it are missing'), 0,
  'the rows appended after the tampering follow their chains');

select * from finish();
rollback;
