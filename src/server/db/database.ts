// The storage seam: the service talks to PGlite (embedded) and to a PostgreSQL server
// (postgres.js) through this one interface, so everything above it is store-agnostic.

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/** What PostgREST puts into the transaction before the request's statement (PROTOCOL.md section 5). */
export interface RequestIdentity {
  role: RequestRole;
  /** The JWT's `sub`; null for the API keys. Whose share of the pool the request takes. */
  userId?: string | null | undefined;
  /** The JWT claims as JSON text. */
  claimsJson: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** `Prefer: timezone=`: the session's TimeZone for this request; null keeps the server's. */
  timeZone?: string | null;
}

export interface Statement {
  text: string;
  values: unknown[];
}

export interface ApiRequest<Row> {
  readOnly: boolean;
  /** Aborted when the client has gone: a statement still running for it is cancelled. */
  signal?: AbortSignal | undefined;
  identity: RequestIdentity;
  /** Must yield exactly one row (the aggregate PostgREST-style response row). */
  statement: Statement;
  /** Decides, seeing the row, whether a write commits; false rolls it back. Absent: commit. */
  commitIf?: (row: Row) => boolean;
}

/** The owner-role view of one open transaction (migrations, auth endpoints). */
export interface OwnerTransaction {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  exec(script: string): Promise<void>;
}

/**
 * How long one request's statement may run, per role, in milliseconds, as Supabase sets
 * `statement_timeout` on its roles; service_role gets the authenticated limit.
 */
export interface StatementTimeouts {
  anon: number;
  authenticated: number;
}

export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = { anon: 3000, authenticated: 8000 };

export function statementTimeoutOf(timeouts: StatementTimeouts, role: RequestRole): number {
  return role === 'anon' ? timeouts.anon : timeouts.authenticated;
}

/** What a store is opened with beyond where it is. */
export interface DatabaseOptions {
  statementTimeouts?: StatementTimeouts | undefined;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** A query as the connection's own (owner) role, outside any API request. */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters, as the owner (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Work in one transaction as the owner: committed when `work` resolves, rolled back when it
   * throws. For what must happen together outside the REST pipeline (a migration, a token rotation).
   * Inside `work` use only `tx`: PGlite has one connection, so `db.query` would wait for this very
   * transaction to end.
   */
  transaction<T>(work: (tx: OwnerTransaction) => Promise<T>): Promise<T>;
  /** One API request: one transaction, role and claims set, then the statement. */
  runRequest<Row>(request: ApiRequest<Row>): Promise<Row>;
  close(): Promise<void>;
}
