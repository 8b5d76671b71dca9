// How clients print: the fields `--json` offers and the table columns, shared by list, search and
// show, so the three read alike and a field added to clients is added here once.
import type { Column } from '../../core/output.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';

export const CLIENT_FIELDS = ['id', 'name', 'phone', 'email', 'notes', 'status', 'total_visits', 'therapist_id', 'created_at', 'updated_at'];

export const CLIENT_COLUMNS: Column<Client>[] = [
  { key: 'id', format: shortId },
  { key: 'name' },
  { key: 'phone' },
  { key: 'email' },
  { key: 'status' },
  { key: 'total_visits', header: 'VISITS' },
];
