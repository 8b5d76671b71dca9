// Migration 26: erasing a client declines their waiting requests from the booking page, which held
// their slots and waited for an answer (rpc/erase_client answers how many, as `requests_declined`);
// a read of notes alone records the notes it read even when its answer hides their ids or is CSV;
// the free time finds the booking after each free window for less work (the booking page's calls).
import { eraseDeclinesRequests } from './0026/erase-declines-requests.js';
import { nextBookingByRange } from './0026/next-booking-by-range.js';
import { noteReadFormat } from './0026/note-read-format.js';
import type { Migration } from './migration.js';

export const erasureReadsFreeStarts: Migration = {
  version: 26,
  name: 'erasing a client declines their waiting requests; a read of notes records the notes it read; free starts for less work',
  sql: [eraseDeclinesRequests, noteReadFormat, nextBookingByRange].join('\n'),
};
