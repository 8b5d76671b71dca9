// Migration 15 (issue 30): row-level security forced on every table, and the audit trail the
// database writes itself (so a hosted project keeps it too): docs/audit.md.
import { auditEvents } from './0015/audit-events.js';
import { auditLog } from './0015/audit-log.js';
import { auditTriggers } from './0015/audit-triggers.js';
import { forcedRowLevelSecurity } from './0015/forced-rls.js';
import type { Migration } from './migration.js';

export const auditTrail: Migration = {
  version: 15,
  name: 'forced row-level security and the audit trail',
  // Forced first, over the tables there are; the audit table forces its own.
  sql: [forcedRowLevelSecurity, auditLog, auditTriggers, auditEvents].join('\n'),
};
