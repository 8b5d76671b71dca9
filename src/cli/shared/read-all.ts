// Every row of a table, for a full export or an import's check of what is there: the rows `where`
// keeps, read in Range pages past the service's 1000-row cap (read-ranged.ts), without the tenant
// predicate, since row-level security alone scopes a backup's tables.
import type { ApiClient } from '../../core/api-client.js';
import { query, type Query } from '../../core/query-builder.js';
import { readRows } from './read-ranged.js';

/** All rows of `table` (those `where` keeps, when given), ordered by id; only the `select` columns when given. */
export function readAll<Row>(
  api: ApiClient,
  table: string,
  select?: readonly string[],
  where?: (page: Query<Record<string, unknown>>) => void,
): Promise<Row[]> {
  const request = query<Record<string, unknown>>();
  where?.(request);
  if (select) request.select(select);
  return readRows<Row>(api, table, request);
}
