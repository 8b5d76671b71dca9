// Migration 5 (issue 14): appointments remember the recurring series they were booked in, and
// reminders are claimed and recorded in the database so that none goes out twice.
import type { Migration } from './migration.js';
import { reminders } from './0005/reminders.js';
import { series } from './0005/series.js';

export const seriesAndReminders: Migration = {
  version: 5,
  name: 'recurring series on appointments; reminders claimed once',
  sql: [series, reminders].join('\n'),
};
