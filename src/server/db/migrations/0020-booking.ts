// Migration 20 (issue 31): the client's way in. The status `requested` and its hold, the notices a
// client gets of a request, the practice's booking page and the requests made through it, and the
// three public calls (BOOKING-CONTRACT.md), each owned by a role that reads only what its answer
// needs; every table stays closed to anon.
import { bookingRoles } from './0020/booking-roles.js';
import { bookingTables } from './0020/booking-tables.js';
import { publicCalls } from './0020/public-calls.js';
import { requestNotices } from './0020/request-notices.js';
import { requestedStatus } from './0020/requested-status.js';
import type { Migration } from './migration.js';

export const booking: Migration = {
  version: 20,
  name: 'booking page: requested appointments, public booking calls',
  sql: [requestedStatus, requestNotices, bookingTables, bookingRoles, publicCalls].join('\n'),
};
