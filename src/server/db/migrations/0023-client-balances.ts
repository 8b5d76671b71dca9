// Migration 23 (issue 29, point 8): each client's balance kept in client_balances by statement
// triggers on appointments, packages and payments, so rpc/balances reads one row per client; the
// package draws for a set of clients in one pass.
import { balancesFromSummary } from './0023/balances-from-summary.js';
import { clientBalancesTable } from './0023/client-balances-table.js';
import { computedClientBalances } from './0023/computed-client-balances.js';
import { packageDrawsOf } from './0023/package-draws-of.js';
import { refreshClientBalances } from './0023/refresh-client-balances.js';
import type { Migration } from './migration.js';

export const clientBalances: Migration = {
  version: 23,
  name: 'client balances kept by triggers; rpc/balances reads them',
  sql: [clientBalancesTable, packageDrawsOf, computedClientBalances, refreshClientBalances, balancesFromSummary].join('\n'),
};
