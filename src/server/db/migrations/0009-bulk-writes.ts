// Migration 9 (issue 24): bulk writes stay fast in a full practice. The rules are those of migrations
// 1 to 5, with the same messages; what changes is how their checks find the rows they need.
import { indexedOverlaps } from './0009/indexed-overlaps.js';
import type { Migration } from './migration.js';

export const bulkWrites: Migration = {
  version: 9,
  name: 'overlap check by date index; rows already there skip it',
  sql: [indexedOverlaps].join('\n'),
};
