// A snapshot of the whole database (GET /admin/v1/backup) recorded in every practice's trail before
// it is taken, so the backup holds its own record: one `backup` row per practice that has a trail,
// as the service key, through the caller's channel. A backup of a stopped data dir is not recorded
// (no service runs to write it). docs/audit.md.
import type { Database } from '../db/database.js';

const RECORD = `select practice_private.audit_append(p.therapist_id, null, 'service_role', $1,
    practice_private.audit_channel($1, true), '*', null, null, 'backup', $2::jsonb)
  from (select distinct l.therapist_id from public.audit_log l) p`;

export async function recordBackup(db: Database, clientInfo: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(RECORD, [clientInfo ?? null, JSON.stringify({ whole_database: true })]);
  });
}
