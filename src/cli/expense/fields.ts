// What an expense looks like in the output of `expense add` and `expense list`: the fields --json
// accepts and the table columns.
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
