// Migration 12 (issue 28): the practice's answers as SQL functions, served as PostgREST RPC
// (/rest/v1/rpc/<name>) and shipped by `practice server schema`, so the CLI, `practice mcp`, a
// supabase-js app and a hosted project share one implementation. Every function is security invoker
// and stable: it reads only what row-level security lets the caller read, and names the caller's
// practice explicitly too, so a distributed database routes it to one shard (docs/scale-out.md).
// Only `authenticated` and `service_role` may execute them; the times-only ones are kept apart for a
// later public booking page (docs/architecture.md).
import { freeTimeFunctions } from './0012/free-time.js';
import { missingNotesFunction } from './0012/missing-notes.js';
import { pnlFunctions } from './0012/pnl.js';
import { revenueFunction } from './0012/revenue.js';
import { seriesCheckFunction } from './0012/series-check.js';
import { visitFunctions } from './0012/visits.js';
import type { Migration } from './migration.js';

/** Each function of this migration by its signature: execute is granted on these and nothing else. */
const ANSWER_FUNCTIONS = [
  'free_windows(date, date, timestamp)',
  'free_slots(date, date, integer, integer, integer, timestamp)',
  'free_time(date, date, timestamp, text, uuid, integer, integer, integer)',
  'series_check(jsonb, uuid, uuid[])',
  'revenue_report(date, date, text)',
  'pnl_ledger(date, date)',
  'pnl_by_month(date, date)',
  'pnl_by_category(date, date)',
  'visits_report(date, date, text)',
  'clients_report(date, date, date, integer, boolean)',
  'missing_notes(date, date, timestamptz)',
] as const;

// PostgreSQL grants execute on a new function to PUBLIC (so to anon): take it back, then grant it to
// the signed-in roles only.
const grants = ANSWER_FUNCTIONS.map((signature) => `
revoke all on function public.${signature} from public, anon;
grant execute on function public.${signature} to authenticated, service_role;`).join('');

export const answers: Migration = {
  version: 12,
  name: 'the practice\'s answers as SQL functions (free time, series check, reports, missing notes)',
  sql: [freeTimeFunctions, seriesCheckFunction, revenueFunction, pnlFunctions, visitFunctions, missingNotesFunction, grants].join('\n'),
};
