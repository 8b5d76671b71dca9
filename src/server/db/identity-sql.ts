// The statement that opens every API request's transaction (PROTOCOL.md section 5): role, claims
// and request facts in one set_config round, so it can be pipelined with the request's statement.
import type { RequestIdentity } from './database.js';

const SET_IDENTITY = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true)`;

// Setting transaction_read_only here, not in BEGIN, keeps one BEGIN for both kinds of request.
const SET_IDENTITY_READ_ONLY = `${SET_IDENTITY}, set_config('transaction_read_only', 'on', true)`;

// Only a request that names a time zone sets one: the usual statements stay as they were.
const SET_TIME_ZONE = ", set_config('timezone', $6, true)";

export function identityStatement(identity: RequestIdentity, readOnly: boolean) {
  const values = [identity.role, identity.claimsJson, identity.method, identity.path, JSON.stringify(identity.headers)];
  const text = readOnly ? SET_IDENTITY_READ_ONLY : SET_IDENTITY;
  if (identity.timeZone == null) return { text, values };
  return { text: text + SET_TIME_ZONE, values: [...values, identity.timeZone] };
}
