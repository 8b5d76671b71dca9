// Migration 13 (issue 27): reminders that remember what they told the client, so a moved or cancelled
// visit gets a notice exactly once, and the end-of-day question "which past visits are still open".
import type { Migration } from './migration.js';
import { remindersRemember } from './0013/reminders-remember.js';
import { unresolvedAppointments } from './0013/unresolved-appointments.js';

export const calendarAnswers: Migration = {
  version: 13,
  name: 'reminders keep the time they announced; unresolved_appointments',
  sql: remindersRemember + unresolvedAppointments,
};
