// What an expense looks like in the output of every `expense` command: the fields --json accepts,
// the table columns (the short id first, which update and delete take), and the one line of messages.
import type { Column } from '../../core/output.js';
import { formatAmount } from '../../model/money.js';
import type { Expense } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';

export const EXPENSE_FIELDS = ['id', 'date', 'amount', 'category', 'vendor', 'description', 'therapist_id', 'created_at', 'updated_at'];

export const EXPENSE_COLUMNS: Column<Expense>[] = [
  // INTERFACE.md does not promise an id on read; an expense without one shows an empty cell.
  { key: 'id', format: (id) => (id ? shortId(id) : '') },
  { key: 'date' },
  { key: 'amount', format: formatAmount },
  { key: 'category' },
  { key: 'vendor' },
  { key: 'description' },
];

export const NOT_FOUND_HINT = 'See `practice expense list` for ids.';

/** `42.50 for supplies on 2026-03-02`. */
export function describeExpense(expense: Expense): string {
  return `${formatAmount(expense.amount)} for ${expense.category} on ${expense.date}`;
}
