// What a write command prints (README "Output for people and for scripts"): data on stdout, the
// message on stderr. A create prints the new id, so `id=$(practice expense add ...)` works;
// --json/--format print the record as stored instead. Other writes print the record only when asked.
// The shape rule (`practice help formats`): a write about one record prints one JSON object.
import type { Column, RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';

/**
 * After an update, delete or status change: the message; with --json one object, the record as
 * stored (for a delete, as it was); with --format ndjson one line, csv a header and one row.
 */
export async function reportChange<Row extends object>(ctx: Context, message: string, row: Row, columns: readonly Column<Row>[], options: RowOptions = {}): Promise<void> {
  ctx.out.success(message);
  if (options.json || options.format) await ctx.out.record(row, columns, options);
}

/** As reportChange, for a write that leaves any number of rows (`hours set` replaces the days'): --json an array. */
export async function reportChangedRows<Row extends object>(ctx: Context, message: string, rows: readonly Row[], columns: readonly Column<Row>[], options: RowOptions = {}): Promise<void> {
  ctx.out.success(message);
  if (options.json || options.format) await ctx.out.rows(rows, columns, options);
}

/** After a create: the new id (or with --json/--format the record) on stdout, the message on stderr. */
export async function reportCreated<Row extends { id: string }>(ctx: Context, message: string, row: Row, columns: readonly Column<Row>[], options: RowOptions = {}): Promise<void> {
  if (!options.json && !options.format) ctx.out.print(row.id);
  await reportChange(ctx, message, row, columns, options);
}
