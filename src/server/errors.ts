// The one place that turns every failure into an HTTP answer (PostgREST's Error.hs):
// a ServiceError carries status + PostgREST-style body; PostgreSQL errors are mapped by SQLSTATE.

export interface ErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
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

// Catalogue of the service's own errors (codes and wording follow PostgREST 12-14).
export const failures = {
  parse: (what: string, details: string | null = null) =>
    new ServiceError(400, 'PGRST100', what, details),
  invalidBody: (message: string) => new ServiceError(400, 'PGRST102', message),
  keysMustMatch: () => new ServiceError(400, 'PGRST102', 'All object keys must match'),
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
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === 'P0001') return 400;
  if (code === '42P01') return 404;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  if (code.startsWith('08') || code === '57P01') return 503;
  if (/^(40|54|55|57|XX)/.test(code) || code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  return 400;
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Maps anything thrown while serving a request to the answer the client gets. */
export function toErrorResponse(err: unknown, role: string): ErrorResponse {
  if (err instanceof ServiceError) {
    return { status: err.status, body: err.body, headers: err.headers };
  }
  if (isPostgresError(err)) {
    return {
      status: statusForSqlState(err.code, role),
      body: { code: err.code, details: err.detail ?? null, hint: err.hint ?? null, message: err.message },
      headers: {},
    };
  }
  // fastify's own refusals (body too large, bad content) carry a 4xx statusCode.
  const statusCode = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return { status: statusCode, body: { code: `PGRST${statusCode}`, details: null, hint: null, message }, headers: {} };
  }
  return {
    status: 500,
    body: { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' },
    headers: {},
  };
}
