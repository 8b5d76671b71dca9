// Migration 25 (issue 31): the booking page's free starts for less work per call (free_windows,
// free_slots and booking_free_starts on one set-based query), and reports that count bookings, not
// requests: a request never accepted is neither a visit nor a cancellation (appointments.request_answer),
// and a request answered before anyone told its client of it still gets the answer (reminders).
import { requestAnswers } from './0025/request-answers.js';
import { freeTimeFunctions } from './0025/free-time-functions.js';
import type { Migration } from './migration.js';

export const bookingAnswers: Migration = {
  version: 25,
  name: 'free starts for less work per call; reports count bookings, not requests',
  sql: [freeTimeFunctions, requestAnswers].join('\n'),
};
