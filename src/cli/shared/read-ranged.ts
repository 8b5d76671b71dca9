// Every row a read matches, past the host's cap on rows per response (Supabase's max_rows, 1000 on
// ours), paged with the `Range` header in as few requests as can be correct.
import type { ApiClient, ApiResponse } from '../../core/api-client.js';
import type { Query } from '../../core/query-builder.js';

/** Pages in flight at once once the total is known: the server works on one while the CLI parses another. */
const PARALLEL_PAGES = 4;

interface Page<Row> {
  rows: Row[];
  total: number | null;
}

/**
 * The practice's rows `request` matches (its filters and select), ordered by its order then id so
 * pages neither overlap nor skip. The first read asks for an open range (`0-`), so a host without a
 * cap answers everything at once, and for the exact count, so the number of pages left is known:
 * those are read in parallel, each the size the host answered first. Without a count (a host that
 * refuses it) pages follow one another until one comes back empty. `request` gains the tenant
 * filter and the order by id.
 */
export async function readRanged<Row>(api: ApiClient, table: string, request: Query<any>): Promise<Row[]> {
  // The tenant predicate on top of row-level security, as every read of the CLI sends it (routing).
  request.eq('therapist_id', await api.userId()).order('id');
  const first = await readPage<Row>(api, table, request, '0-', true);
  const rows = first.rows;
  const pageRows = rows.length;
  if (first.total !== null && pageRows > 0 && rows.length < first.total) {
    const offsets: number[] = [];
    for (let offset = pageRows; offset < first.total; offset += pageRows) offsets.push(offset);
    const pages = await inBatches(offsets, PARALLEL_PAGES, (offset) => readPage<Row>(api, table, request, `${offset}-${offset + pageRows - 1}`, false));
    for (const page of pages) rows.push(...page.rows);
    // Pages shorter than the first (rows deleted meanwhile, a host whose cap moves): the count said more.
    if (rows.length >= first.total) return rows;
  } else if (first.total !== null || pageRows === 0) {
    return rows;
  }
  for (;;) {
    const page = await readPage<Row>(api, table, request, `${rows.length}-`, false);
    if (page.rows.length === 0) return rows;
    rows.push(...page.rows);
  }
}

async function readPage<Row>(api: ApiClient, table: string, request: Query<any>, range: string, count: boolean): Promise<Page<Row>> {
  const headers: Record<string, string> = { range };
  if (count) headers.prefer = 'count=exact';
  const response = await api.request({ method: 'GET', path: `/rest/v1/${encodeURIComponent(table)}`, query: request, headers, idempotent: true });
  return { rows: response.json<Row[]>() ?? [], total: totalOf(response) };
}

function totalOf(response: ApiResponse): number | null {
  const match = /\/(\d+)$/.exec(response.headers['content-range'] ?? '');
  return match ? Number(match[1]) : null;
}

/** `read` of every item, at most `width` at a time, the answers in the order of the items. */
async function inBatches<Item, Answer>(items: readonly Item[], width: number, read: (item: Item) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await read(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return answers;
}
