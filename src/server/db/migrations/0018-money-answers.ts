// Migration 18 (issue 29): the money answers. Balances again, set-based (migration 16's were per
// visit); revenue and profit and loss on a collected basis beside the billed one; receivables by age;
// and completing a visit with its payment in one transaction. Execute on each is for the signed-in
// roles only, as on migration 12's answers.
import { balancesFunction } from './0018/balances.js';
import { collectedRevenueFunction } from './0018/collected-revenue.js';
import { moneyIndexes } from './0018/indexes.js';
import { packageDrawsPlanning } from './0018/package-draws.js';
import { paidVisitFunction } from './0018/paid-visit.js';
import { pnlBasisFunctions } from './0018/pnl-basis.js';
import { receivablesFunction } from './0018/receivables.js';
import type { Migration } from './migration.js';

/** Each function this migration creates, by its signature (balances keeps migration 16's grants). */
const NEW_FUNCTIONS = [
  'collected_revenue_report(date, date, text, text)',
  'pnl_ledger(date, date, text, text)',
  'pnl_by_month(date, date, text, text)',
  'pnl_by_category(date, date, text, text)',
  'receivables(date)',
  'complete_paid_visit(uuid, text, timestamptz)',
] as const;

const grants = NEW_FUNCTIONS.map((signature) => `
revoke all on function public.${signature} from public, anon;
grant execute on function public.${signature} to authenticated, service_role;`).join('');

export const moneyAnswers: Migration = {
  version: 18,
  name: 'money answers: set-based balances, collected revenue and P&L, receivables, a visit completed with its payment',
  sql: [moneyIndexes, packageDrawsPlanning, balancesFunction, collectedRevenueFunction, pnlBasisFunctions, receivablesFunction, paidVisitFunction, grants].join('\n'),
};
