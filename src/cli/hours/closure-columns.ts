// A closure as the `hours` commands print it: its JSON fields (the row as stored) and its table
// columns, the span read as a person says it.
import type { Column } from '../../core/output.js';
import { type Closure, describeSpan } from '../../model/closure.js';
import { shortId } from '../../model/short-id.js';

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
