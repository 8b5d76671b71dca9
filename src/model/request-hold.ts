// How long a request from the booking page holds its slot (appointments.hold_until, migration 20):
// one rule for every command that shows or answers requests, and for the calendar it exports.
import type { Appointment } from './records.js';

/** An appointment with the hold a request from the booking page has, when it was read. */
export type HeldRequest = Appointment & { hold_until?: string | null };

/** A request whose hold ran out: its slot is offered to others again, though it still waits for an answer. */
export const holdExpired = (row: HeldRequest, now: Date): boolean =>
  row.status === 'requested' && row.hold_until != null && new Date(row.hold_until) <= now;
