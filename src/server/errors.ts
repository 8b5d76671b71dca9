// The one place that turns every failure into an HTTP answer (PostgREST's Error.hs): the catalogue
// of the service's errors in the three dialects clients meet (PostgREST, the gateway, Supabase Auth).
import { BODY_LIMIT_BYTES } from './http/limits.js';

/** Mostly text; PostgREST's ambiguous-embedding error (PGRST201) lists the relationships instead. */
export type ErrorDetails = string | null | Array<Record<string, string>>;

export interface ErrorBody {
  code: string;
  details: ErrorDetails;
  hint: string | null;
  message: string;
}

/** A PostgREST-style error: `{code, details, hint, message}`. REST, the limits and the 429s use it. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get body(): ErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A refusal by the gateway in front of both APIs (Supabase's Kong): `{message, hint}` only. */
class GatewayError extends Error {
  constructor(readonly status: number, message: string, readonly hint: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * A Supabase Auth error: an error code, rendered `{code: <status>, error_code, msg}` or, for
 * clients that send `X-Supabase-Api-Version: 2024-01-01`, `{code: <error_code>, message}`.
 */
class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Fields Supabase adds beside the message (`weak_password: {reasons}`). */
    readonly extra: Record<string, unknown> = {},
    /** Headers beside `x-sb-error-code` (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** The OAuth 2.0 shape Supabase Auth keeps for a few token-grant failures: `{error, error_description}`. */
class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string) {
    super(description);
    this.name = 'OAuthError';
  }
}

// Catalogue of the service's own errors (codes and wording follow PostgREST 12-14).
export const failures = {
  parse: (what: string, details: string | null = null) =>
    new ServiceError(400, 'PGRST100', what, details),
  invalidBody: (message: string) => new ServiceError(400, 'PGRST102', message),
  notUtf8: () => new ServiceError(400, 'PGRST102', 'Request body is not valid UTF-8', null, 'Send the body encoded as UTF-8.'),
  keysMustMatch: () => new ServiceError(400, 'PGRST102', 'All object keys must match'),
  contentTypeNotAcceptable: (media: string) => new ServiceError(400, 'PGRST102', `Content-Type not acceptable: ${media}`),
  invalidRange: (details: string | null = null) =>
    new ServiceError(416, 'PGRST103', 'Requested range not satisfiable', details),
  unknownTable: (table: string) =>
    new ServiceError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`),
  unknownColumn: (column: string, table: string) =>
    new ServiceError(400, '42703', `column ${table}.${column} does not exist`),
  unknownBodyColumn: (column: string, table: string) =>
    new ServiceError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  notSingleObject: (rows: number) =>
    new ServiceError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  missingWhere: (verb: 'UPDATE' | 'DELETE') =>
    new ServiceError(400, '21000', `${verb} requires a WHERE clause`, null,
      'Add a filter such as ?id=eq.<uuid>; a request without one would change every row.'),
  methodNotAllowed: (method: string) =>
    new ServiceError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  unacceptable: (accept: string) =>
    new ServiceError(406, 'PGRST107', `None of these media types are available: ${accept}`),
  invalidPath: (path: string) =>
    new ServiceError(404, 'PGRST125', `Invalid path specified in request URL: ${path}`),
  invalidPreferences: (tokens: string[]) =>
    new ServiceError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${tokens.join(', ')}`),
  maxAffectedExceeded: (rows: number) =>
    new ServiceError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  unacceptableSchema: (schema: string, exposed: readonly string[]) =>
    new ServiceError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  putFilters: () =>
    new ServiceError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators"),
  putPaging: () =>
    new ServiceError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMismatch: () =>
    new ServiceError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  internal: () => new ServiceError(500, 'PGRST000', 'Internal server error'),
  rpcMethod: (method: string) =>
    new ServiceError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  aggregatesDisabled: () =>
    new ServiceError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),

  // Limits on what one request may ask of the server. PostgREST has no such codes; these are ours,
  // in Supabase Auth's snake_case style, so that a client can tell "split the request" apart.
  payloadTooLarge: (limitBytes: number) =>
    new ServiceError(413, 'payload_too_large', `Request body is larger than ${limitBytes} bytes`, null,
      'Send fewer rows per request.'),
  uriTooLong: (limitBytes: number) =>
    new ServiceError(414, 'uri_too_long', `Request URL is longer than ${limitBytes} bytes`, null,
      'Use fewer or shorter filters, or split the request.'),
  headersTooLarge: () =>
    new ServiceError(431, 'request_header_fields_too_large', 'Request headers are too large'),
  requestTimeout: () => new ServiceError(408, 'request_timeout', 'The request was not received in time'),
  tooManyConnections: () =>
    new ServiceError(429, 'too_many_connections', 'Too many open connections from this address', null,
      'Close idle connections, or reuse one (keep-alive) for several requests.'),
  badHttpRequest: () => new ServiceError(400, 'bad_http_request', 'Malformed HTTP request'),
  jsonTooDeep: (limit: number) =>
    new ServiceError(400, 'json_too_deep', `JSON body is nested deeper than ${limit} levels`),
  tooManyRows: (rows: number, limit: number) =>
    new ServiceError(400, 'too_many_rows', `A bulk insert of ${rows} rows is over the limit of ${limit} rows per request`,
      null, `Split the rows into batches of at most ${limit}.`),
  rateLimited: (retryAfterSeconds: number) =>
    new ServiceError(429, 'over_request_rate_limit', 'Request rate limit reached', null,
      `retry after ${retryAfterSeconds} s`),
};

// What the Supabase gateway answers before a request reaches either API (PROTOCOL.md section 7).
export const gatewayFailures = {
  missingApiKey: () =>
    new GatewayError(401, 'No API key found in request', 'No `apikey` request header or url param was found.'),
  invalidApiKey: () =>
    new GatewayError(401, 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.'),
};

// Supabase Auth's errors (internal/api/apierrors): codes and messages as its clients expect them.
export const authFailures = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (minLength: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`,
      { weak_password: { reasons: ['length'] } }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  notAdmin: () => new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges'),
  passwordTooLong: (maxBytes: number) =>
    new AuthError(400, 'validation_failed', `Password cannot be longer than ${maxBytes} characters`),
  signupNeedsEmail: () => new AuthError(422, 'validation_failed', 'To signup, please provide your email'),
  signupNeedsPassword: () => new AuthError(422, 'validation_failed', 'Signup requires a valid password'),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  missingLogin: () => new AuthError(400, 'validation_failed', 'missing email or phone'),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  unsupportedLogoutScope: (scope: string) =>
    new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`),
  refreshTokenRequired: () => new OAuthError('invalid_request', 'refresh_token required'),
  unsupportedGrantType: () => new OAuthError('unsupported_grant_type', 'grant_type must be password or refresh_token'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  subNotUuid: () => new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  // Sign-up, the grants, logout and /user on a database whose accounts are Supabase Auth's
  // (auth/account-store.ts). Supabase Auth's answer to a password sign-in with email sign-in off
  // (token.go): 422 email_provider_disabled; see docs/supabase-compat.md.
  accountsElsewhere: () =>
    new AuthError(422, 'email_provider_disabled',
      "Accounts on this deployment are kept by the project's Supabase Auth, not by this service: sign up and sign in there, at the project's own URL"),
  // PUT /user changing the password or email without a recent sign-in (routes.ts, docs/supabase-compat.md):
  // Supabase Auth's codes and wording for UpdatePasswordRequireCurrentPassword (user.go).
  currentPasswordRequired: () =>
    new AuthError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordInvalid: () =>
    new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  /** A NUL (U+0000) anywhere in a body: PostgreSQL's text cannot hold it, so it is refused before any query. */
  nulCharacter: (field: string) =>
    new AuthError(400, 'validation_failed', `${field} must not contain the NUL character (\\u0000)`),
  metadataTooLarge: (field: string, maxBytes: number) =>
    new AuthError(400, 'validation_failed', `${field} cannot be larger than ${maxBytes} bytes of JSON`),
  /** Too many failed passwords for one account (failed-passwords.ts); Supabase Auth's 429. */
  overRequestRateLimit: (retryAfterSeconds: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'retry-after': String(retryAfterSeconds) }),
  unexpected: () =>
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  /** The database is out of a resource (a full disk): the REST surface's 503, in Supabase Auth's shape. */
  outOfResources: (err: PostgresErrorLike) =>
    new AuthError(503, 'unexpected_failure', err.hint ? `${err.message}. ${err.hint}` : err.message),
};

/** The fields of a PostgreSQL error both drivers (PGlite, postgres.js) expose. */
interface PostgresErrorLike {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

function isPostgresError(err: unknown): err is PostgresErrorLike {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** HTTP status for a SQLSTATE, as PostgREST maps them (PROTOCOL.md section 4). */
function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === 'P0001') return 400;
  if (code === '42P01') return 404;
  // A write in a read-only transaction: a volatile function called by GET (PostgREST's 405).
  if (code === '25006') return 405;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  if (code.startsWith('08') || code === '57P01') return 503;
  if (/^(40|54|55|57|XX)/.test(code) || code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  return 400;
}

// numeric(p,s)'s overflow (22003) names the precision in its detail; the hint says what it means.
const NUMERIC_PRECISION = /precision (\d+), scale (\d+) must round/;

function largestAccepted(err: PostgresErrorLike): string | null {
  const match = err.code === '22003' ? NUMERIC_PRECISION.exec(err.detail ?? '') : null;
  if (!match) return null;
  const scale = Number(match[2]);
  const whole = '9'.repeat(Number(match[1]) - scale) || '0';
  return `The largest value accepted is ${whole}${scale > 0 ? `.${'9'.repeat(scale)}` : ''}.`;
}

export interface ErrorResponse {
  status: number;
  body: object;
  headers: Record<string, string>;
}

/** Where a request was going: each API keeps its own dialect for the errors it did not foresee. */
export interface ErrorContext {
  /** The request's role; a row-level security refusal is 401 for anon, 403 otherwise. */
  role: string;
  surface: 'rest' | 'auth';
  /** The request's `X-Supabase-Api-Version` header. */
  authApiVersion: string | undefined;
}

const AUTH_API_VERSION = '2024-01-01';

/** Supabase Auth answers in the 2024-01-01 shape to any valid date on or after it. */
function wantsVersionedAuthErrors(header: string | undefined): boolean {
  return header !== undefined && /^\d{4}-\d\d-\d\d$/.test(header) && !Number.isNaN(Date.parse(header)) &&
    header >= AUTH_API_VERSION;
}

function authErrorResponse(err: AuthError, apiVersion: string | undefined): ErrorResponse {
  const headers: Record<string, string> = { ...err.headers, 'x-sb-error-code': err.errorCode };
  if (wantsVersionedAuthErrors(apiVersion)) {
    headers['x-supabase-api-version'] = AUTH_API_VERSION;
    return { status: err.status, body: { code: err.errorCode, message: err.message, ...err.extra }, headers };
  }
  return { status: err.status, body: { code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra }, headers };
}

// fastify refuses some requests itself; these are the ones a client can cause.
const FASTIFY_REFUSALS: Record<string, () => ServiceError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => failures.payloadTooLarge(BODY_LIMIT_BYTES),
};

/** Maps anything thrown while serving a request to the answer the client gets. */
export function toErrorResponse(err: unknown, context: ErrorContext): ErrorResponse {
  if (err instanceof ServiceError) return { status: err.status, body: err.body, headers: err.headers };
  if (err instanceof GatewayError) return { status: err.status, body: { message: err.message, hint: err.hint }, headers: {} };
  if (err instanceof AuthError) return authErrorResponse(err, context.authApiVersion);
  if (err instanceof OAuthError) return { status: 400, body: { error: err.error, error_description: err.description }, headers: {} };
  if (isPostgresError(err) && context.surface === 'auth' && statusForSqlState(err.code, context.role) === 503) {
    return authErrorResponse(authFailures.outOfResources(err), context.authApiVersion);
  }
  if (isPostgresError(err) && context.surface === 'rest') {
    const status = statusForSqlState(err.code, context.role);
    return {
      status,
      body: { code: err.code, details: err.detail ?? null, hint: err.hint ?? largestAccepted(err), message: err.message },
      // As PostgREST's PgError: a 401 (anon refused) says how to authenticate.
      headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {},
    };
  }
  const fastifyCode = (err as { code?: unknown } | null)?.code;
  const refusal = typeof fastifyCode === 'string' ? FASTIFY_REFUSALS[fastifyCode] : undefined;
  if (refusal) return toErrorResponse(refusal(), context);
  // Other fastify refusals (a malformed Content-Length, say) carry a 4xx statusCode.
  const statusCode = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return { status: statusCode, body: { code: `PGRST${statusCode}`, details: null, hint: null, message }, headers: {} };
  }
  return toErrorResponse(context.surface === 'auth' ? authFailures.unexpected() : failures.internal(), context);
}
