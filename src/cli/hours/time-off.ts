// Time off as the `hours` commands read and print it: the closures ahead, a closure's JSON fields (the
// row as stored) and its table columns, the span read as a person says it.
import type { Column } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { type Closure, describeSpan } from '../../model/closure.js';
import { shortId } from '../../model/short-id.js';
import { dateTimeIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';

export const CLOSURE_FIELDS = ['id', 'starts_at', 'ends_at', 'reason', 'therapist_id', 'created_at', 'updated_at'];

export const CLOSURE_COLUMNS: Column<Closure>[] = [
  { key: 'id', format: shortId },
  { key: 'starts_at', header: 'CLOSED', format: (_, row) => describeSpan(row) },
  { key: 'reason', format: (reason) => reason ?? '' },
];

/** `2026-12-24 to 2026-12-26 (holidays)`. */
export function describeClosure(closure: Closure): string {
  return `${describeSpan(closure)}${closure.reason ? ` (${closure.reason})` : ''}`;
}

/** The closures that end after now on the practice's clock; all of them with `all`. */
export async function readClosures(ctx: Context, all = false): Promise<Closure[]> {
  const api = await ctx.api();
  const filter = query<Closure>().eq('therapist_id', await api.userId()).order('starts_at').order('id');
  if (!all) filter.gt('ends_at', dateTimeIn(ctx.now(), await practiceTimeZone(ctx)).replace(' ', 'T'));
  return readRows<Closure>(api, 'closures', filter);
}
