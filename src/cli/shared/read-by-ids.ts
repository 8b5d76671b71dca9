// Rows named by a list of ids, read a hundred ids a request. One `id=in.(...)` of every id would
// pass what hosts accept on a request line (8-16 KB: about 400 UUIDs) once a reminder window or a
// list spans that many, and the read would fail where it should have answered.
import type { ApiClient } from '../../core/api-client.js';
import { query, type ColumnOf, type Query } from '../../core/query-builder.js';
import { chunk } from '../../formats/insert-batches.js';
import { readRanged } from './read-ranged.js';

/** Ids in one `in.(...)` filter: about 3.8 KB of URL as UUIDs. */
export const IDS_PER_REQUEST = 100;

/** The practice's rows of `table` whose `column` is one of `ids` (each once), shaped by `shape` (a select). */
export async function readByIds<Row>(
  api: ApiClient, table: string, column: ColumnOf<Row>, ids: readonly string[], shape: (request: Query<Row>) => Query<Row> = (request) => request,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const part of chunk([...new Set(ids)], IDS_PER_REQUEST)) rows.push(...await readRanged<Row>(api, table, shape(query<Row>().in(column, part))));
  return rows;
}
