// Migration 30 (issue 30, point 5): `retention purge` keeps everything of a client booked again,
// whose clinical period counts from the visit to come, and counts the reminders it deletes.
import { retentionPurgeSql } from './0019/retention-purge.js';
import { INVOICES_IN_LEDGER } from './0022/retention-purge-deletes-invoices.js';
import { lastVisitToCome } from './0030/last-visit-to-come.js';
import type { Migration } from './migration.js';

export const bookedClientKept: Migration = {
  version: 30,
  name: 'a client booked again is kept from the purge, and the purge counts the reminders it deletes',
  sql: [lastVisitToCome, retentionPurgeSql('create or replace', INVOICES_IN_LEDGER, true)].join('\n'),
};
