// What a service of the menu looks like in every `service` command's output: the fields --json
// accepts and the table columns, shared so list, add and update print a service the same way.
import type { Column } from '../../core/output.js';
import { formatAmount } from '../../model/money.js';
import type { Service } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';

export const SERVICE_FIELDS = ['id', 'name', 'duration', 'price', 'description', 'buffer_minutes', 'active', 'therapist_id', 'created_at', 'updated_at'];

export const SERVICE_COLUMNS: Column<Service>[] = [
  { key: 'id', format: shortId },
  { key: 'name', format: (name, service) => (service.active === false ? `${name} (retired)` : name) },
  { key: 'duration', format: (minutes) => `${minutes} min` },
  { key: 'price', format: formatAmount },
  // A missing column (a backend that knows only INTERFACE.md) reads as no buffer, as DESIGN.md says.
  { key: 'buffer_minutes', header: 'BUFFER', format: (minutes) => (minutes ? `${minutes} min` : '') },
  { key: 'description' },
];
