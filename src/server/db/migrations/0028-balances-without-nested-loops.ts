// Migration 28: rpc/balances joins a practice's client_balances to its clients without a nested
// loop. PGlite runs no autovacuum, so the planner has no statistics and guessed each table tiny: it
// looked up each client's balance by index, one by one (3.3 ms for 1,000 clients on PostgreSQL
// without statistics, against 2.0 ms hashed). bench/money: the balance of 1,000 clients 1.14-1.17x
// one plain read of 1,000 clients, 0.97x with this. The other balance functions (16, 18) already
// turn nested loops off.
import type { Migration } from './migration.js';

export const balancesWithoutNestedLoops: Migration = {
  version: 28,
  name: 'rpc/balances joins whole practices by hash, not a nested loop per client',
  sql: `
alter function public.balances(uuid, date) set enable_nestloop = off;
`,
};
