// Stage 4: the statement's one result row becomes the HTTP answer: status, Content-Range,
// Location, Preference-Applied and the body the database already built (PROTOCOL.md sections 2-3).
import { failures, ServiceError } from '../errors.js';
import type { Plan } from './plan.js';
import type { Preferences } from './query.js';
import type { ResultRow } from './sql.js';

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/**
 * The most rows a PATCH, a DELETE or a call may touch or return (`max-affected` under
 * `handling=strict`), or null: PostgREST 12.2 checks the three alike (Query.hs, failExceedsMaxAffectedPref).
 */
function affectedLimit(plan: Plan, prefer: Preferences): number | null {
  return plan.kind === 'update' || plan.kind === 'delete' || plan.kind === 'call' ? prefer.maxAffected : null;
}

/**
 * Whether a write or a call should commit, seen from its result row: object+json and PUT need
 * exactly one row, max-affected at most that many; toResponse then refuses what was rolled back.
 */
export function commitDecision(plan: Plan, prefer: Preferences): ((row: ResultRow) => boolean) | undefined {
  if (plan.kind === 'read') return undefined;
  const exactlyOne = plan.single || (plan.kind === 'insert' && plan.put !== null);
  const limit = affectedLimit(plan, prefer);
  if (!exactlyOne && limit === null) return undefined;
  return (row) => (!exactlyOne || row.page_total === 1) && (limit === null || row.page_total <= limit);
}

export function toResponse(plan: Plan, row: ResultRow, prefer: Preferences): RestResponse {
  const headers: Record<string, string> = { 'content-type': plan.csv ? CSV_TYPE : plan.single ? OBJECT_TYPE : JSON_TYPE };
  // Each names only what it applies (Response.hs): a call no return=, a table no params=.
  const applied = prefer.applied.filter((token) => !token.startsWith(plan.kind === 'call' ? 'return=' : 'params='));
  if (applied.length > 0) headers['preference-applied'] = applied.join(', ');
  if (plan.kind === 'insert' && plan.put !== null && row.page_total !== 1) throw failures.putMismatch();
  if (plan.single && row.page_total !== 1) throw failures.notSingleObject(row.page_total);
  const limit = affectedLimit(plan, prefer);
  if (limit !== null && row.page_total > limit) throw failures.maxAffectedExceeded(row.page_total);

  if (plan.kind === 'read' || plan.kind === 'call') {
    const { total } = row;
    // As PostgREST's rangeStatus: only an offset beyond the total is unsatisfiable; an offset equal
    // to it is an empty page of a known total (206, `*/total`).
    if (total !== null && plan.offset > total) {
      throw new ServiceError(416, 'PGRST103', 'Requested range not satisfiable',
        `An offset of ${plan.offset} was requested, but there are only ${total} rows.`, null,
        { 'content-range': `*/${total}` });
    }
    headers['content-range'] = contentRange(plan.offset, row.page_total, total);
    const partial = total !== null && row.page_total < total;
    // A void function's call is 204 without a body, as PostgREST's; return=minimal changes no call.
    if (plan.kind === 'call' && plan.routine.returnType === 'void') {
      return withoutEmptyBodyType({ status: 204, headers, body: null });
    }
    return { status: partial ? 206 : 200, headers, body: row.body };
  }

  if (plan.kind === 'insert' && plan.put !== null) {
    // PostgREST's PUT: the row only with return=representation (201 inserted, 200 replaced), else 204.
    if (!plan.returning) return withoutEmptyBodyType({ status: 204, headers, body: null });
    return { status: row.inserted === 0 ? 200 : 201, headers, body: row.body };
  }

  if (plan.kind === 'insert') {
    // An upsert that merged every row answers 200; one that ignored them is still 201 (with []), as PostgREST's.
    const status = plan.conflict?.resolution === 'merge-duplicates' && row.inserted === 0 ? 200 : 201;
    headers['content-range'] = '*/*';
    if (plan.location && row.location_id !== null) headers.location = locationOf(plan.table.name, plan.location, row.location_id);
    return withoutEmptyBodyType({ status, headers, body: plan.returning ? row.body : null });
  }

  headers['content-range'] = contentRange(0, row.page_total, null);
  return withoutEmptyBodyType(plan.returning ? { status: 200, headers, body: row.body } : { status: 204, headers, body: null });
}

/** PostgREST's Location: every primary-key column, `is.null` for a null, as renderSimpleQuery encodes it. */
function locationOf(table: string, key: string[], valuesJson: string): string {
  const values = JSON.parse(valuesJson) as Array<string | null>;
  const pairs = key.map((name, i) => {
    const value = values[i] ?? null;
    return `${encodeURIComponent(name)}=${value === null ? 'is.null' : `eq.${encodeURIComponent(value)}`}`;
  });
  return `/${table}?${pairs.join('&')}`;
}

/** A write answered without a body carries no Content-Type, as PostgREST's (InsertSpec) does not. */
function withoutEmptyBodyType(response: RestResponse): RestResponse {
  if (response.body === null) delete response.headers['content-type'];
  return response;
}
