// Migration 15 (issue 30): row-level security forced on every table, the audit trail the database
// writes itself (so a hosted project keeps it too; docs/audit.md), and the practice's settings.
import { auditEvents } from './0015/audit-events.js';
import { auditLog } from './0015/audit-log.js';
import { auditTriggers } from './0015/audit-triggers.js';
import { forcedRowLevelSecurity } from './0015/forced-rls.js';
import { practiceSettings } from './0015/practice-settings.js';
import type { Migration } from './migration.js';

export const auditTrail: Migration = {
  version: 15,
  name: 'forced row-level security and the audit trail',
  // The settings table first, so that it is forced and audited with every other table; the audit
  // table forces its own.
  sql: [practiceSettings, forcedRowLevelSecurity, auditLog, auditTriggers, auditEvents].join('\n'),
};
