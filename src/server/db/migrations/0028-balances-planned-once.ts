// Migration 28: rpc/balances as plpgsql, without nested loops. As an SQL function with SET clauses
// it was planned again on every call (PostgreSQL caches no plan of such a function), and with no
// statistics (PGlite runs no autovacuum) the planner looked up each client's balance by index, one
// by one. plpgsql keeps its plan for the session, and nested loops are off as in migrations 16 and
// 18's balance functions. bench/money, 100 runs on a quiet machine, the balance of 1,000 clients
// against one plain read of 1,000 clients: 1.14-1.17x before; see docs/payments.md for after.
import { BALANCES_QUERY, BALANCES_SIGNATURE } from './0023/balances-from-summary.js';
import type { Migration } from './migration.js';

export const balancesPlannedOnce: Migration = {
  version: 28,
  name: 'rpc/balances keeps its plan and joins whole practices by hash',
  sql: `
create or replace function ${BALANCES_SIGNATURE}
language plpgsql stable security invoker set search_path = '' set enable_nestloop = off as $$
begin
  return query
${BALANCES_QUERY};
end $$;
`,
};
