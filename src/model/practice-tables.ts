// The tables a practice's records live in, named once: the export carries them (src/formats/backup.ts)
// and the audit trail records every change to them (`practice audit --table`). No zod here, so a
// read that names a table loads no schema (test/cli/bundle-chunks.test.ts).

/**
 * The tables of a backup, in the order an import inserts them: every table after those it references.
 * booking_pages (migration 20) is not among them: its slug is the page's address on the whole service,
 * so a second practice on the same backend could not load it; `practice booking enable` makes it again,
 * and each request keeps the consent text it agreed to. Nor is client_balances (migration 23): derived
 * from appointments, packages and payments, it is made again by their triggers as an import inserts them.
 */
export const BACKUP_TABLES = [
  'clients', 'service_menu', 'business_hours', 'closures', 'packages', 'appointments', 'booking_requests', 'payments', 'sessions',
  'expenses', 'conversation_log', 'reminders', 'practice_settings', 'invoices',
] as const;

/**
 * The tables whose rows the audit trail names (the trigger audit_change of migrations 15, 16, 17, 20
 * and 21), in alphabetical order: those of a backup, the booking page and the calendar feed. Not
 * client_balances, which carries no trail of its own (docs/audit.md), nor audit_log itself.
 * test/cli/audit.test.ts checks the list against the database's triggers.
 */
export const AUDITED_TABLES: readonly string[] = [...BACKUP_TABLES, 'booking_pages', 'calendar_feeds'].sort();
