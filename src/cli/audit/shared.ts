// What the `audit` commands share about an audit row: its shape as the service answers it (the
// table audit_log of migration 15), the fields --json accepts and the table's columns.
import { counted } from '../../core/counted.js';
import type { Column } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import { dateTimeIn } from '../../model/when.js';

export const CHANNELS = ['cli', 'mcp', 'web', 'api', 'import', 'sql'] as const;

export interface AuditEntry {
  id: number;
  therapist_id: string;
  at: string;
  actor: string | null;
  actor_role: string;
  via: (typeof CHANNELS)[number];
  client_info: string | null;
  table_name: string;
  row_id: string | null;
  client_id: string | null;
  action: string;
  changes: Record<string, unknown> | null;
  prev_hash: string;
  hash: string;
}

export const FIELDS = ['id', 'at', 'actor', 'actor_role', 'via', 'client_info', 'table_name', 'row_id', 'client_id', 'action',
  'changes', 'prev_hash', 'hash', 'therapist_id'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shortIfId = (value: string | null) => (value === null ? '' : UUID.test(value) ? shortId(value) : value);

/** `phone, plan` for a change; `3 rows` for a read. */
function summary(changes: AuditEntry['changes']): string {
  if (changes === null) return '';
  const rows = changes.rows;
  if (Array.isArray(rows)) return counted(rows.length, 'row');
  return Object.keys(changes).filter((column) => column !== 'updated_at').join(', ');
}

/** When, on the practice's clocks, to the second: the zone --since and --until are days of. */
function wallTime(at: string, timeZone: string): string {
  const instant = new Date(at);
  return `${dateTimeIn(instant, timeZone)}:${String(instant.getUTCSeconds()).padStart(2, '0')}`;
}

/** The table of audit rows, times shown in `timeZone`. */
export const columnsIn = (timeZone: string): Column<AuditEntry>[] => [
  { key: 'id', header: '#', format: String },
  { key: 'at', format: (at) => wallTime(at, timeZone) },
  { key: 'via' },
  { key: 'actor', header: 'WHO', format: (actor, row) => (actor === null ? row.actor_role : shortId(actor)) },
  { key: 'action' },
  { key: 'table_name', header: 'TABLE' },
  { key: 'row_id', header: 'ROW', format: shortIfId },
  { key: 'changes', header: 'WHAT', format: summary },
];
