// Every row of a table, page by page: the service (like PostgREST with max-rows) answers at most
// 1000 rows a request, so a full export pages with limit/offset until it has the count the server gave.
import type { ApiClient } from '../../core/api-client.js';
import { query, type Query } from '../../core/query-builder.js';

/** Rows asked for per read: the service's cap. A host with a lower cap still works, in more pages. */
const PAGE_ROWS = 1000;

/**
 * All rows of `table` (those `where` keeps, when given), ordered by id so pages neither overlap nor
 * skip while nothing changes. The
 * first read asks for the exact count (Content-Range `0-999/2500`); the pages end when that many have
 * come, or, from a host that does not count, at the first empty page, since a short page may only
 * mean that host's cap is lower than ours.
 */
export async function readAll<Row>(
  api: ApiClient,
  table: string,
  select?: readonly string[],
  where?: (page: Query<Record<string, unknown>>) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  let total: number | null = null;
  for (;;) {
    const page = query<Record<string, unknown>>();
    where?.(page);
    page.order('id').limit(PAGE_ROWS).offset(rows.length);
    if (select) page.select(select);
    const response = await api.request({
      method: 'GET', path: `/rest/v1/${encodeURIComponent(table)}`, query: page, idempotent: true,
      headers: rows.length === 0 ? { prefer: 'count=exact' } : undefined,
    });
    const found = response.json<Row[]>();
    if (rows.length === 0) total = countOf(response.headers['content-range']);
    rows.push(...found);
    if (found.length === 0 || (total !== null && rows.length >= total)) return rows;
  }
}

function countOf(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}
