// The versioned migrations, in the order they apply. A new migration is one module exporting a
// Migration with the next version, and one line below; an applied migration never changes.
import { practiceSchema } from './0001-practice-schema.js';
import { authAccounts } from './0002-auth.js';
import { updatedAtMovesOn } from './0003-updated-at-moves-on.js';
import { keptAtBooking } from './0004-kept-at-booking.js';
import { seriesAndReminders } from './0005-series-and-reminders.js';
import { authMetadata } from './0006-auth-metadata.js';
import { heldVisitStays } from './0007-held-visit-stays.js';
import { moneyIsANumber } from './0008-money-is-a-number.js';
import { bulkWrites } from './0009-bulk-writes.js';
import { closures } from './0010-closures.js';
import { schemaVersion } from './0011-schema-version.js';
import { answers } from './0012-answers.js';
import { calendarAnswers } from './0013-calendar-answers.js';
import { clientSearchName } from './0014-client-search-name.js';
import { auditTrail } from './0015-audit-trail.js';
import { payments } from './0016-payments.js';
import { invoices } from './0017-invoices.js';
import { moneyAnswers } from './0018-money-answers.js';
import { recordsLaw } from './0019-records-law.js';
import { booking } from './0020-booking.js';
import { calendarFeed } from './0021-calendar-feed.js';
import { invoicesRetained } from './0022-invoices-retention.js';
import { clientBalances } from './0023-client-balances.js';
import { auditCost } from './0024-audit-cost.js';
import { bookingAnswers } from './0025-booking-answers.js';
import { erasureReadsFreeStarts } from './0026-erasure-reads-free-starts.js';
import { eraseAgain } from './0027-erase-again.js';
import { balancesPlannedOnce } from './0028-balances-planned-once.js';
import { freeStartsInOnePass } from './0029-free-starts-in-one-pass.js';
import { keptAndRecorded } from './0030-kept-and-recorded.js';
import { blankAnswers } from './0031-blank-answers.js';
import type { Migration } from './migration.js';

export const migrations: readonly Migration[] = [practiceSchema, authAccounts, updatedAtMovesOn, keptAtBooking, seriesAndReminders, authMetadata,
  heldVisitStays, moneyIsANumber, bulkWrites, closures, schemaVersion, answers, calendarAnswers, clientSearchName, auditTrail, payments,
  invoices, moneyAnswers, recordsLaw, booking, calendarFeed, invoicesRetained, clientBalances, auditCost, bookingAnswers,
  erasureReadsFreeStarts, eraseAgain, balancesPlannedOnce, freeStartsInOnePass, keptAndRecorded, blankAnswers];
