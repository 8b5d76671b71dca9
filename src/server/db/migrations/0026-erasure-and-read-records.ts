// Migration 26: erasing a client declines their waiting requests from the booking page, which held
// their slots and waited for an answer (rpc/erase_client answers how many, as `requests_declined`).
import { eraseDeclinesRequests } from './0026/erase-declines-requests.js';
import type { Migration } from './migration.js';

export const erasureAndReadRecords: Migration = {
  version: 26,
  name: 'erasing a client declines their waiting requests',
  sql: [eraseDeclinesRequests].join('\n'),
};
