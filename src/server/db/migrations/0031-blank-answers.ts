// Migration 31 (issue 31, point 3): a booking request's intake answer of nothing but white space is
// not given. The page trims its text answers, but booking_request is called by anyone: a required
// question answered "   " was accepted and kept as an answer.
import { bookingRequestSql } from './0020/public-calls.js';
import type { Migration } from './migration.js';

// JSON null, or a string without a character that is not white space (the empty string included).
const BLANK_ANSWER = `given = 'null'::jsonb or (pg_catalog.jsonb_typeof(given) = 'string' and (given #>> '{}') !~ '[^[:space:]]')`;

export const blankAnswers: Migration = {
  version: 31,
  name: 'a booking request\'s answer of only white space is not given',
  sql: bookingRequestSql('create or replace', BLANK_ANSWER),
};
