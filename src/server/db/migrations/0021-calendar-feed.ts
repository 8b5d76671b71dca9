// Migration 21 (issue 31.7): the practice's private calendar feed. A feed is a secret URL kept only as
// the SHA-256 digest of its token; the embedded service finds the practice by that digest alone.
import type { Migration } from './migration.js';
import { calendarFeedLookup } from './0021/calendar-feed-lookup.js';
import { calendarFeedsTable } from './0021/calendar-feeds-table.js';

export const calendarFeed: Migration = {
  version: 21,
  name: 'calendar feeds (token digests) and their lookup',
  sql: [calendarFeedsTable, calendarFeedLookup].join('\n'),
};
