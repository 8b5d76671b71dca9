// Migration 19 (issue 30, points 3, 5, 8): erasure within the retention periods (rpc/erase_client,
// rpc/retention_purge, erased clients refused a booking), the trail's purge and import events, and
// a read of notes recorded inside the read itself (docs/audit.md).
import { auditActions } from './0019/audit-actions.js';
import { eraseClient } from './0019/erase-client.js';
import { erasedClients } from './0019/erased-clients.js';
import { keptUntil } from './0019/kept-until.js';
import { noteReadRecord } from './0019/note-read-record.js';
import { retentionOwner } from './0019/retention-owner.js';
import { retentionPurge } from './0019/retention-purge.js';
import type { Migration } from './migration.js';

export const recordsLaw: Migration = {
  version: 19,
  name: 'erasure and retention, purge and import in the audit trail, note reads recorded in the read',
  sql: [auditActions, erasedClients, retentionOwner, keptUntil, eraseClient, retentionPurge, noteReadRecord].join('\n'),
};
