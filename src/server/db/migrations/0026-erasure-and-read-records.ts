// Migration 26: erasing a client declines their waiting requests from the booking page, which held
// their slots and waited for an answer (rpc/erase_client answers how many, as `requests_declined`);
// a read of notes alone records the notes it read even when its answer hides their ids or is CSV.
import { eraseDeclinesRequests } from './0026/erase-declines-requests.js';
import { noteReadFormat } from './0026/note-read-format.js';
import type { Migration } from './migration.js';

export const erasureAndReadRecords: Migration = {
  version: 26,
  name: 'erasing a client declines their waiting requests; a read of notes records the notes it read',
  sql: [eraseDeclinesRequests, noteReadFormat].join('\n'),
};
