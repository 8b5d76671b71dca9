// Migration 30 (issue 30, points 1 and 5): `retention purge` keeps everything of a client booked
// again, whose clinical period counts from the visit to come, and counts the reminders it deletes;
// a read of notes whose answer names none (a count, HEAD, notes only filtering) is recorded; a
// client records its own exports and imports only, about clients of its practice; erasure takes the
// email of the client's booking requests, and the purge deletes them with their appointments.
import { retentionPurgeSql } from './0019/retention-purge.js';
import { INVOICES_IN_LEDGER } from './0022/retention-purge-deletes-invoices.js';
import { noteReadSql } from './0024/note-read-ids.js';
import { bookingRequestsErased } from './0030/booking-requests-erased.js';
import { eventsAClientRecords } from './0030/events-a-client-records.js';
import { lastVisitToCome } from './0030/last-visit-to-come.js';
import type { Migration } from './migration.js';

export const keptAndRecorded: Migration = {
  version: 30,
  name: 'a client booked again is kept from the purge, which counts reminders and purges booking requests; a read of notes naming none is recorded; erasure takes booking requests\' email',
  sql: [lastVisitToCome, retentionPurgeSql('create or replace', INVOICES_IN_LEDGER, true), noteReadSql(true, true), eventsAClientRecords, bookingRequestsErased].join('\n'),
};
