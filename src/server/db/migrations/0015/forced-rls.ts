// Row-level security forced on every table of schema public: without FORCE a table's owner (the
// role that migrates, and any SECURITY DEFINER function it owns) passes every policy unseen. With it
// only a superuser or a BYPASSRLS role still does. The triggers of migrations 1-10 run as the
// caller (security invoker) and no function before this migration is SECURITY DEFINER, so nothing
// that reads other rows changes; the audit functions below are definer, and audit-log.ts gives the
// owner the one policy they need. A table a later migration adds forces its own.
export const forcedRowLevelSecurity = `
do $forced$
declare
  practice_table record;
begin
  for practice_table in select tablename from pg_catalog.pg_tables where schemaname = 'public' loop
    execute pg_catalog.format('alter table public.%I force row level security', practice_table.tablename);
  end loop;
end $forced$;
`;
