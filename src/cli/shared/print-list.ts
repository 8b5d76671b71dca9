// A list command's rows, read past the row cap (read-ranged.ts) and printed. A JSON array of every
// field is printed page by page as the pages arrive, so the CLI writes one while the service makes
// the next (bench/lists); every other shape is printed once all rows are in (Output.rows).
//
// The text is exactly Output.json's. A read that fails after some pages were printed leaves an
// array without its closing bracket, which no JSON parser accepts (`jq` fails too), and the command
// still exits non-zero: a partial list never looks complete. NDJSON and CSV are not streamed, for a
// cut-off stream of theirs would read as a shorter, valid list.
import type { Writable } from 'node:stream';
import type { ApiClient } from '../../core/api-client.js';
import type { Column, RowOptions } from '../../core/output.js';
import type { Query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { readPages, readRows } from './read-ranged.js';

/** Items per write: a piece the pipe's reader takes while the next is made (Output.json's size). */
const ITEMS_PER_WRITE = 250;

/** The rows of `request` on `table` (the first `limit`), printed as `options` ask, with `none` when there are none. */
export async function printList<Row extends object>(
  ctx: Context,
  api: ApiClient,
  table: string,
  request: Query<any>,
  limit: number | undefined,
  columns: readonly Column<Row>[],
  options: RowOptions,
  none: string,
): Promise<void> {
  if (options.json !== true || options.format !== undefined) {
    await ctx.out.rows(await readRows<Row>(api, table, request, limit), columns, options, none);
    return;
  }
  const array = jsonArray(ctx.io.stdout);
  await readPages<Row>(api, table, request, limit ?? Infinity, array.add);
  array.end();
}

/**
 * Writes `JSON.stringify(items, null, 2)` and a newline, items added a page at a time: the items
 * of an array are indented alike however many there are, so each piece, its brackets cut off,
 * joins the others with ",\n".
 */
function jsonArray(stdout: Writable): { add: (items: readonly unknown[]) => void; end: () => void } {
  let opened = false;
  return {
    add(items) {
      for (let start = 0; start < items.length; start += ITEMS_PER_WRITE) {
        const piece = JSON.stringify(items.slice(start, start + ITEMS_PER_WRITE), null, 2);
        stdout.write(`${opened ? ',\n' : '[\n'}${piece.slice(2, -2)}`);
        opened = true;
      }
    },
    end() {
      stdout.write(opened ? '\n]\n' : '[]\n');
    },
  };
}
