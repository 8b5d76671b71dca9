-- Row-level security of every table in schema public (INTERFACE.md: a user reaches only the rows of
-- their own practice): its settings and its one policy, then what practice A, anon, a token without
-- a user and service_role reach of practice B's rows. A table a later migration adds is checked too,
-- and fails until fixtures/two-practices.psql gives it rows of both practices.
begin;
\ir fixtures/two-practices.psql

-- The policies of the booking page's roles on a table (migration 20): named after the role.
create function practice_tests.booking_policies(tbl name) returns text[] language sql stable as $$
  select coalesce(array_agg(policyname::text order by policyname), '{}') from pg_policies
  where schemaname = 'public' and tablename = tbl and policyname in ('booking_reader', 'booking_writer')
$$;

create function practice_tests.confined_to_its_practice(tbl name) returns setof text language plpgsql as $$
declare
  relation constant text := format('public.%I', tbl);
  a constant uuid := practice_tests.a();
  b constant uuid := practice_tests.b();
  policy_refusal constant text := format('new row violates row-level security policy for table "%s"', tbl);
  no_privilege constant text := format('permission denied for table %s', tbl);
  -- Rows of practice $1, and rows of any other practice, that the current role sees.
  counts constant text := format('select count(*) filter (where therapist_id = $1), count(*) filter (where therapist_id <> $1) from %s', relation);
  rows_of constant text := format('select md5(coalesce(string_agg(t::text, '','' order by t::text), '''')) from %s t where therapist_id = $1', relation);
  can_insert constant boolean := has_table_privilege('authenticated', relation, 'INSERT');
  can_update constant boolean := has_table_privilege('authenticated', relation, 'UPDATE');
  can_delete constant boolean := has_table_privilege('authenticated', relation, 'DELETE');
  own_rows bigint;
  other_rows bigint;
  seen_own bigint;
  seen_other bigint;
  b_before text;
  b_after text;
  policy record;
  -- The planted row's columns a write may set: a generated one (clients.search_name) takes none.
  writable text;
  plant text;
  booking_policy text;
begin
  -- As the migrating role, which row-level security does not confine: what there is.
  execute counts into own_rows, other_rows using a;
  return next ok(own_rows > 0 and other_rows > 0,
    format('%s: the fixture has rows of both practices (else add them to fixtures/two-practices.psql)', tbl));
  execute rows_of into b_before using b;
  -- One of B's rows under a new id, for A and anon to try to write.
  execute format('create temp table planted as select * from %s where therapist_id = $1 limit 1', relation) using b;
  -- (client_balances has no id: one row per client, which no request role may insert at all.)
  if exists (select from pg_attribute where attrelid = relation::regclass and attname = 'id') then
    update planted set id = gen_random_uuid();
  end if;
  grant select on planted to anon, authenticated;
  select string_agg(quote_ident(attname), ', ' order by attnum) into writable
    from pg_attribute where attrelid = relation::regclass and attnum > 0 and not attisdropped and attgenerated = '';
  plant := format('insert into %s (%s) select %s from planted', relation, writable, writable);

  return next ok((select relrowsecurity from pg_class where oid = relation::regclass), format('%s: row-level security is on', tbl));
  -- PROTOCOL.md section 5: an owner bypasses its tables' RLS unless it is forced, so no role a
  -- request runs as may own the table or act as its owner.
  return next ok((select relforcerowsecurity or not (pg_has_role('anon', relowner, 'USAGE') or pg_has_role('authenticated', relowner, 'USAGE'))
      from pg_class where oid = relation::regclass),
    format('%s: row-level security is forced, or no request role owns the table', tbl));
  -- Besides own_practice, the booking page's roles (migration 20) have their own, each for that role alone.
  -- And calendar_feeds one for the migrating role alone: the feed's lookup by token (calendar-feed.test.sql).
  return next policies_are('public', tbl, array['own_practice'] || practice_tests.booking_policies(tbl)
      || case tbl when 'calendar_feeds' then array['feed_lookup'] else array[]::text[] end
      -- And the tables erasure and the retention purge change (migrations 19, 22, 30): retention_owner, for
      -- the owning role alone (the security-definer functions run as it; no request role has it).
      || case when tbl in ('clients', 'appointments', 'sessions', 'conversation_log', 'reminders', 'payments', 'packages', 'expenses', 'invoices', 'booking_requests')
           then array['retention_owner'] else array[]::text[] end
      -- And client_balances one for the owning role alone, whose triggers keep it (migration 23).
      || case tbl when 'client_balances' then array['balance_keeper'] else array[]::text[] end,
    format('%s: one policy, own_practice, and the booking roles'' own', tbl));
  return next policy_roles_are('public', tbl, 'own_practice', array['authenticated'],
    format('%s: the policy is for authenticated only, so anon reaches no row', tbl));
  foreach booking_policy in array practice_tests.booking_policies(tbl) loop
    return next policy_roles_are('public', tbl, booking_policy, array[booking_policy],
      format('%s: the policy %s is for the role %s alone', tbl, booking_policy, booking_policy));
    return next policy_cmd_is('public', tbl, booking_policy,
      case when booking_policy = 'booking_reader' or tbl in ('booking_pages', 'service_menu') then 'select' else 'all' end,
      format('%s: %s reads%s', tbl, booking_policy, case when booking_policy = 'booking_writer' and tbl not in ('booking_pages', 'service_menu') then ' and adds' else ' only' end));
  end loop;
  return next policy_cmd_is('public', tbl, 'own_practice', 'all', format('%s: the policy covers every command', tbl));
  select qual, with_check into policy from pg_policies where schemaname = 'public' and tablename = tbl and policyname = 'own_practice';
  return next is(array[policy.qual, policy.with_check], array['(therapist_id = ( SELECT auth.uid() AS uid))', '(therapist_id = ( SELECT auth.uid() AS uid))'],
    format('%s: rows are read (using) and written (with check) where therapist_id = auth.uid()', tbl));

  perform practice_tests.authenticate_as(a);
  execute counts into seen_own, seen_other using a;
  return next is(array[seen_own, seen_other], array[own_rows, 0], format('%s: A sees all of its own rows and none of B''s', tbl));
  return next is_empty(format('select 1 from %s where therapist_id = %L', relation, b), format('%s: A naming B in a filter still finds nothing', tbl));
  -- A table only the database writes (client_balances) refuses the insert before any policy.
  return next throws_ok(plant, '42501', case when can_insert then policy_refusal else no_privilege end,
    format('%s: A cannot insert a row into B''s practice', tbl));
  -- The policy refuses only rows the update reached, so this also shows A's update reaches its own.
  return next throws_ok(format('update %s set therapist_id = %L where therapist_id = %L', relation, b, a), '42501',
    case when can_update then policy_refusal else no_privilege end, format('%s: A cannot move its rows into B''s practice', tbl));
  if can_update then
    return next is_empty(format('update %s set therapist_id = therapist_id where therapist_id = %L returning 1', relation, b),
      format('%s: A''s update reaches none of B''s rows', tbl));
  else
    return next throws_ok(format('update %s set therapist_id = therapist_id where therapist_id = %L', relation, b), '42501', no_privilege,
      format('%s: A can update no row at all (no update privilege)', tbl));
  end if;
  if can_delete then
    return next is_empty(format('delete from %s where therapist_id = %L returning 1', relation, b), format('%s: A''s delete reaches none of B''s rows', tbl));
  else
    return next throws_ok(format('delete from %s where therapist_id = %L', relation, b), '42501', no_privilege,
      format('%s: A can delete no row at all (no delete privilege)', tbl));
  end if;

  perform practice_tests.act_as('anon', '{"role": "anon"}');
  execute counts into seen_own, seen_other using a;
  return next is(array[seen_own, seen_other], array[0, 0]::bigint[], format('%s: anon sees no row', tbl));
  return next throws_ok(plant, '42501', no_privilege, format('%s: anon cannot insert', tbl));
  perform practice_tests.act_as('authenticated', '{"role": "authenticated"}');
  execute counts into seen_own, seen_other using a;
  return next is(array[seen_own, seen_other], array[0, 0]::bigint[], format('%s: a token without a user (no sub) sees no row', tbl));
  perform practice_tests.act_as('service_role', '{"role": "service_role"}');
  execute counts into seen_own, seen_other using a;
  return next is(array[seen_own, seen_other], array[own_rows, other_rows],
    format('%s: service_role, for administration only, sees every practice', tbl));

  reset role;
  execute rows_of into b_after using b;
  return next is(b_after, b_before, format('%s: B''s rows are as they were', tbl));
  drop table planted;
end $$;

-- audit_log is written only by the database and read-only to every request: audit-trail.test.sql.
select plan((select 18 * count(*)::int from pg_tables where schemaname = 'public' and tablename <> 'audit_log')
  + (select 2 * count(*)::int from pg_policies where schemaname = 'public' and policyname in ('booking_reader', 'booking_writer')));
select practice_tests.confined_to_its_practice(tablename) from pg_tables where schemaname = 'public' and tablename <> 'audit_log' order by tablename;
select * from finish();
rollback;
