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

function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** Whether a write should commit, seen from its result row (object+json needs exactly one row). */
export function commitDecision(plan: Plan): ((row: ResultRow) => boolean) | undefined {
  return plan.single && plan.kind !== 'read' ? (row) => row.page_total === 1 : undefined;
}

export function toResponse(plan: Plan, row: ResultRow, prefer: Preferences): RestResponse {
  const headers: Record<string, string> = { 'content-type': plan.single ? OBJECT_TYPE : JSON_TYPE };
  if (prefer.applied.length > 0) headers['preference-applied'] = prefer.applied.join(', ');
  if (plan.single && row.page_total !== 1) throw failures.notSingleObject(row.page_total);

  if (plan.kind === 'read') {
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
    return { status: partial ? 206 : 200, headers, body: row.body };
  }

  if (plan.kind === 'insert') {
    // An upsert that inserted nothing (every row merged or ignored) answers 200, else 201.
    const status = plan.conflict && row.inserted === 0 ? 200 : 201;
    headers['content-range'] = '*/*';
    if (plan.location && row.location_id !== null) {
      headers.location = `/${plan.table.name}?${plan.location}=eq.${encodeURIComponent(row.location_id)}`;
    }
    return withoutEmptyBodyType({ status, headers, body: plan.returning ? row.body : null });
  }

  headers['content-range'] = contentRange(0, row.page_total, null);
  return withoutEmptyBodyType(plan.returning ? { status: 200, headers, body: row.body } : { status: 204, headers, body: null });
}

/** A write answered without a body carries no Content-Type, as PostgREST's (InsertSpec) does not. */
function withoutEmptyBodyType(response: RestResponse): RestResponse {
  if (response.body === null) delete response.headers['content-type'];
  return response;
}
