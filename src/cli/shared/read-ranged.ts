// Every row a read matches, or the first `limit` of them, past the host's cap on rows per response
// (Supabase's max_rows, 1000 on ours), paged in as few requests as can be correct. Every list,
// search, report and export reads through here, so none stops at the cap: a table's rows (GET, paged
// with the `Range` header) or a set-returning function's (POST rpc/, whose answer the cap cuts alike,
// paged with `limit` and `offset`: PostgREST takes Range on a GET only).
import type { ApiClient, ApiResponse } from '../../core/api-client.js';
import type { Query } from '../../core/query-builder.js';

/** Pages in flight at once once the total is known: the server works on one while the CLI parses another. */
const PARALLEL_PAGES = 4;

/**
 * What a read reads: a table or view by its name, or the rows a function of rpc/ returns for `args`
 * (ordered as the read asks, or else as the function orders them: an order it must keep total).
 */
export type RowSource = string | { rpc: string; args: Record<string, unknown> };

interface Page<Row> {
  rows: Row[];
  total: number | null;
}

/**
 * The practice's rows `request` matches, as `readRows` reads them, with the tenant predicate on top
 * of row-level security, as every read of the CLI sends it (routing).
 */
export async function readRanged<Row>(api: ApiClient, table: string, request: Query<any>, limit?: number): Promise<Row[]> {
  request.eq('therapist_id', await api.userId());
  return readRows<Row>(api, table, request, limit);
}

/**
 * The rows `request` matches (its filters and select), the first `limit` when given, ordered by its
 * order then id so pages neither overlap nor skip. The first read asks for the whole range wanted
 * (`0-` or `0-<limit-1>`), so a host without a cap answers at once, and for the exact count, so the
 * number of pages left is known: those are read in parallel, each the size the host answered first.
 * Without a count (a host that refuses it) pages follow one another until one comes back empty.
 * The tenant predicate is the caller's. `request` gains the order by id and the limit; an `offset`
 * in it would shift the ranges.
 */
export async function readRows<Row>(api: ApiClient, source: RowSource, request: Query<any>, limit = Infinity): Promise<Row[]> {
  const rows: Row[] = [];
  await readPages<Row>(api, source, request, limit, (page) => rows.push(...page));
  return rows;
}

/**
 * The rows readRows reads, handed to `onRows` page by page in their order, each page as soon as it
 * and every page before it are in: a caller prints them while the rest are read, and keeps none.
 */
export async function readPages<Row>(api: ApiClient, source: RowSource, request: Query<any>, limit: number, onRows: (rows: Row[]) => void): Promise<void> {
  if (limit === 0) return;
  // A function asked for no order pages in its own, which each page repeats.
  if (typeof source === 'string' || request.ordered) request.order('id');
  // Said in a table's query too, as INTERFACE.md lists it; the host intersects it with each page's
  // range. A function's pages say their own limit (pageQuery).
  if (limit !== Infinity && typeof source === 'string') request.limit(limit);
  const first = await readPage<Row>(api, source, request, 0, limit, true);
  const pageRows = first.rows.length;
  if (pageRows === 0) return;
  onRows(first.rows);
  let read = pageRows;
  const end = Math.min(first.total ?? Infinity, limit);
  if (read >= end) return;
  if (first.total !== null) {
    const offsets: number[] = [];
    for (let offset = pageRows; offset < end; offset += pageRows) offsets.push(offset);
    await inBatches(offsets, PARALLEL_PAGES, (offset) => readPage<Row>(api, source, request, offset, Math.min(offset + pageRows, limit), false), (page) => {
      read += page.rows.length;
      onRows(page.rows);
    });
    // Pages shorter than the first (rows deleted meanwhile, a host whose cap moves): the count said more.
    if (read >= end) return;
  }
  while (read < limit) {
    const page = await readPage<Row>(api, source, request, read, limit, false);
    if (page.rows.length === 0) break;
    read += page.rows.length;
    onRows(page.rows);
  }
}

/** The Range header from row `from` up to, not including, row `to` (open when `to` is Infinity). */
function range(from: number, to: number): string {
  return to === Infinity ? `${from}-` : `${from}-${to - 1}`;
}

/** `request` for rows `from` up to, not including, `to`, by limit and offset: how a POST of rpc/ is paged. */
function pageQuery(request: Query<any>, from: number, to: number): string {
  const params = [request.toString()].filter((text) => text !== '');
  if (to !== Infinity) params.push(`limit=${to - from}`);
  if (from > 0) params.push(`offset=${from}`);
  return params.join('&');
}

/** Rows `from` up to, not including, `to` (Infinity: to the end, or the host's cap), with the total when `count`. */
async function readPage<Row>(api: ApiClient, source: RowSource, request: Query<any>, from: number, to: number, count: boolean): Promise<Page<Row>> {
  const headers: Record<string, string> = count ? { prefer: 'count=exact' } : {};
  const call = typeof source === 'string'
    ? { method: 'GET', path: `/rest/v1/${encodeURIComponent(source)}`, query: request, headers: { ...headers, range: range(from, to) } }
    : { method: 'POST', path: `/rest/v1/rpc/${encodeURIComponent(source.rpc)}`, body: source.args, query: pageQuery(request, from, to), headers };
  const response = await api.request({ ...call, idempotent: true });
  return { rows: response.json<Row[]>() ?? [], total: totalOf(response) };
}

function totalOf(response: ApiResponse): number | null {
  const match = /\/(\d+)$/.exec(response.headers['content-range'] ?? '');
  return match ? Number(match[1]) : null;
}

/** `read` of every item, at most `width` at a time; `inOrder` gets each answer in the order of the items, as soon as it and every one before it are in. */
async function inBatches<Item, Answer>(items: readonly Item[], width: number, read: (item: Item) => Promise<Answer>, inOrder: (answer: Answer) => void): Promise<void> {
  // Answers in before one ahead of them, until that one is in.
  const waiting = new Map<number, Answer>();
  let next = 0;
  let handed = 0;
  // After a failure nothing more is handed on (nor read): what was handed stays a beginning that stops.
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        waiting.set(index, await read(items[index]!));
      } catch (error) {
        failed = true;
        throw error;
      }
      for (let answer = waiting.get(handed); !failed && answer !== undefined; answer = waiting.get(handed)) {
        waiting.delete(handed++);
        inOrder(answer);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
