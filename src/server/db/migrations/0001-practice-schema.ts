// Migration 1: the practice's seven tables with every rule of DESIGN.md section 3, the API roles
// and the row-level security that confines each request to its own practice.
import { access } from './0001/access.js';
import { appointmentRules } from './0001/appointment-rules.js';
import { deleteGuards } from './0001/delete-guards.js';
import { identity } from './0001/identity.js';
import type { Migration } from './migration.js';
import { noteRules } from './0001/note-rules.js';
import { overlaps } from './0001/overlaps.js';
import { tables } from './0001/tables.js';
import { timestamps } from './0001/timestamps.js';

export const practiceSchema: Migration = {
  version: 1,
  name: 'practice schema',
  // Identity first: the tables' defaults call auth.uid(); access last: it covers every table.
  sql: [identity, tables, timestamps, deleteGuards, overlaps, appointmentRules, noteRules, access].join('\n'),
};
