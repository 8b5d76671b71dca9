// Migration 29: free_windows, free_slots and booking_free_starts as migration 26 left them, each
// free window finding the booking after it in one pass over the windows and the bookings instead of
// a walk through every booking of the range per window (0025/free-starts.ts): the same answers,
// without the cost that grew with the square of the bookings in the range (a month of a busy
// practice, bench/slots).
import { NEXT_TAKEN_IN_ONE_PASS } from './0025/free-starts.js';
import { freeTimeFunctionsSql } from './0025/free-time-functions.js';
import type { Migration } from './migration.js';

export const freeStartsInOnePass: Migration = {
  version: 29,
  name: 'the free time finds the booking after each free window in one pass',
  sql: freeTimeFunctionsSql(NEXT_TAKEN_IN_ONE_PASS),
};
