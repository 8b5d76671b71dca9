-- Issue 24.8, money is a number: every numeric column of schema public refuses NaN ('NaN' >= 0 is
-- true, so a `>= 0` check lets it in) and both infinities, whoever writes: here a practice's own
-- user updating its own row, as any client would. A numeric column a later migration adds is checked too.
begin;
\ir fixtures/two-practices.psql

create function practice_tests.refusal_of(tbl name, col name, value text) returns text language plpgsql as $$
begin
  perform practice_tests.authenticate_as(practice_tests.a());
  execute format('update public.%I set %I = %L::numeric where therapist_id = $1', tbl, col, value) using practice_tests.a();
  reset role;
  return 'stored';
exception when others then
  reset role;
  return sqlstate;
end $$;

create temp view numeric_columns as
  select table_name::name as tbl, column_name::name as col
  from information_schema.columns
  where table_schema = 'public' and data_type = 'numeric'
    and table_name in (select tablename from pg_tables where schemaname = 'public')
    -- Insert-only tables (payments, packages) refuse every update; their own tests insert NaN instead.
    and has_table_privilege('authenticated', format('%I.%I', table_schema, table_name), 'UPDATE');

select plan((select 1 + 3 * count(*)::int from numeric_columns));
select ok((select count(*) from numeric_columns) >= 3, 'the prices and the expense amount are numeric columns');
-- NaN passes the precision; only the check refuses it (23514, answered 400 as PostgREST does).
select is(practice_tests.refusal_of(tbl, col, 'NaN'), '23514', format('%s.%s refuses NaN', tbl, col)) from numeric_columns order by tbl, col;
-- numeric(10,2) refuses an infinity itself (22003); the check would, were the precision dropped.
select ok(practice_tests.refusal_of(tbl, col, value) in ('23514', '22003'), format('%s.%s refuses %s', tbl, col, value))
  from numeric_columns, (values ('Infinity'), ('-Infinity')) as infinities(value) order by tbl, col, value;
select * from finish();
rollback;
