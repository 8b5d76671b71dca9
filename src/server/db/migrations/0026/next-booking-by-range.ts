// free_windows, free_slots and booking_free_starts as migration 25 wrote them, finding the booking
// after each free window with one multirange expression instead of a subquery per window (issue
// 31.8): the same answers, for less work per call.
import { freeTimeFunctionsSql } from '../0025/free-time-functions.js';
import { NEXT_TAKEN_BY_RANGE } from '../0025/free-starts.js';

export const nextBookingByRange = freeTimeFunctionsSql(NEXT_TAKEN_BY_RANGE);
