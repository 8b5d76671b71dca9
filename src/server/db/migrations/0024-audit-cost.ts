// Migration 24 (issue 30, point 8): the audit trail made cheaper without changing what it records
// or guarantees. A read of notes hands its record the notes' ids itself (docs/audit.md, "What it
// costs").
import { noteReadIds } from './0024/note-read-ids.js';
import type { Migration } from './migration.js';

export const auditCost: Migration = {
  version: 24,
  name: 'a read of notes hands its record the ids it read',
  sql: [noteReadIds].join('\n'),
};
