// Who may touch what: row-level security confines `authenticated` to its own practice, grants
// give each API role its verbs, and the owner role keeps the tables (so RLS applies to requests).
import { PRACTICE_TABLES } from './tables.js';

// The log is append-only: without UPDATE and DELETE privileges those fail with 42501 (403).
const AUTHENTICATED_PRIVILEGES: Record<(typeof PRACTICE_TABLES)[number], string> = {
  clients: 'select, insert, update, delete',
  service_menu: 'select, insert, update, delete',
  business_hours: 'select, insert, update, delete',
  appointments: 'select, insert, update, delete',
  sessions: 'select, insert, update, delete',
  expenses: 'select, insert, update, delete',
  conversation_log: 'select, insert',
};

// `(select auth.uid())` is evaluated once per statement, not once per row. anon has no policy, so
// it reads nothing and its writes are refused by the grants before RLS is asked.
const tableAccess = (table: (typeof PRACTICE_TABLES)[number]) => `
alter table public.${table} enable row level security;
create policy own_practice on public.${table} for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
-- Supabase's default privileges grant everything on new tables to the API roles: start from none.
revoke all on public.${table} from anon, authenticated, service_role;
grant select on public.${table} to anon;
grant ${AUTHENTICATED_PRIVILEGES[table]} on public.${table} to authenticated;
grant all on public.${table} to service_role;`;

export const access = `
grant usage on schema public to anon, authenticated, service_role;
-- Migration bookkeeping and trigger functions: no API role may read or call them (a trigger needs
-- no privilege on its function to fire).
revoke all on schema practice_private from public;
${PRACTICE_TABLES.map(tableAccess).join('\n')}
`;
