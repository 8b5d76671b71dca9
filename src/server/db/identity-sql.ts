// The statement that opens every API request's transaction (PROTOCOL.md section 5): role, claims
// and request facts in one set_config round, so it can be pipelined with the request's statement.
import type { RequestIdentity } from './database.js';

const SET_IDENTITY = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true)`;

// Setting transaction_read_only here, not in BEGIN, keeps one BEGIN for both kinds of request.
const SET_IDENTITY_READ_ONLY = `${SET_IDENTITY}, set_config('transaction_read_only', 'on', true)`;

// Only a request that names a time zone sets one: the usual statements stay as they were.
const SET_TIME_ZONE = (n: number) => `, set_config('timezone', $${n}, true)`;

// The request's time limit, as Supabase's per-role statement_timeout (PostgreSQL only: PGlite's
// timer never fires while its engine holds Node's thread; pglite-time-limit.ts stops it there).
const SET_STATEMENT_TIMEOUT = (n: number) => `, set_config('statement_timeout', $${n}, true)`;

/** `statementTimeoutMs`: the request's limit, or null to keep the session's. */
export function identityStatement(identity: RequestIdentity, readOnly: boolean, statementTimeoutMs: number | null = null) {
  const values = [identity.role, identity.claimsJson, identity.method, identity.path, JSON.stringify(identity.headers)];
  let text = readOnly ? SET_IDENTITY_READ_ONLY : SET_IDENTITY;
  if (statementTimeoutMs !== null) {
    values.push(String(statementTimeoutMs));
    text += SET_STATEMENT_TIMEOUT(values.length);
  }
  if (identity.timeZone != null) {
    values.push(identity.timeZone);
    text += SET_TIME_ZONE(values.length);
  }
  return { text, values };
}
