// Migration 16 (issue 29): money at the desk. Payments are a ledger (inserts only; a refund or void
// names the payment it reverses), packages are prepaid visits of a service, and what each client
// owes is one SQL function over both and the completed visits.
import { balances } from './0016/balances.js';
import { forcedAndAudited } from './0016/forced-and-audited.js';
import { ledgerRules } from './0016/ledger-rules.js';
import { ledgerTables } from './0016/ledger-tables.js';
import type { Migration } from './migration.js';
import { packageDraws } from './0016/package-draws.js';

export const payments: Migration = {
  version: 16,
  name: 'payments ledger, packages and balances',
  sql: [ledgerTables, forcedAndAudited, ledgerRules, packageDraws, balances].join('\n'),
};
