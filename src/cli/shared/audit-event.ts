// Records in the practice's audit trail what only the CLI knows happened (an export, a client's
// record handed out, an import): `rpc/audit_record_event` (migration 15), which the database appends to the
// caller's own chain as the caller.
import type { ApiClient } from '../../core/api-client.js';

export interface AuditEvent {
  action: 'export' | 'erase' | 'import';
  /** The table it concerns, or '*' for the whole practice. */
  table_name: string;
  client_id?: string | null;
  detail: Record<string, unknown>;
}

export async function recordAuditEvent(api: ApiClient, event: AuditEvent): Promise<void> {
  await api.request({ method: 'POST', path: '/rest/v1/rpc/audit_record_event', body: { client_id: null, ...event } });
}
