// Migration 22: invoices and credit notes are financial records under migration 19's retention rules
// (kept by an erasure, deleted by the purge once their period has passed), and
// practice_schema_version() in plpgsql, whose plan a connection keeps.
import { eraseClientKeepsInvoices } from './0022/erase-client-keeps-invoices.js';
import { invoicesRetention } from './0022/invoices-retention.js';
import { retentionPurgeDeletesInvoices } from './0022/retention-purge-deletes-invoices.js';
import { schemaVersionPlpgsql } from './0022/schema-version-plpgsql.js';
import type { Migration } from './migration.js';

export const invoicesRetained: Migration = {
  version: 22,
  name: 'invoices under the retention periods; practice_schema_version() in plpgsql',
  sql: [invoicesRetention, eraseClientKeepsInvoices, retentionPurgeDeletesInvoices, schemaVersionPlpgsql].join('\n'),
};
