// Migration 4 (issue 12): an appointment keeps the price and buffer it was booked with, the overlap
// rule counts buffers and lets no_show go, a completed visit with a signed note cannot be undone,
// and a duplicate email or service name is refused naming the record that has it.
import { bookingTerms } from './0004/booking-terms.js';
import { bufferedOverlaps, dropUnbufferedOverlaps } from './0004/buffered-overlaps.js';
import { completionLock } from './0004/completion-lock.js';
import type { Migration } from './migration.js';
import { namedDuplicates } from './0004/named-duplicates.js';

export const keptAtBooking: Migration = {
  version: 4,
  name: 'appointments keep price and buffer; signed visits stay completed; duplicates named',
  // The new overlap constraint needs every row's buffer, so the terms come between the old and new rule.
  sql: [dropUnbufferedOverlaps, bookingTerms, bufferedOverlaps, completionLock, namedDuplicates].join('\n'),
};
