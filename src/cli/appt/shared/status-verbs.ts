// The four status verbs of `appt` (confirm, complete, cancel, no-show): what each sets, says and asks,
// and the check of a transition before it is sent (src/model's table; the service enforces the same).
import { APPOINTMENT_STATUSES, type AppointmentStatus, assertTransition } from '../../../model/appointment-status.js';
import { InvalidTransitionError } from '../../../model/errors.js';
import type { Appointment } from '../../../model/records.js';
import { CommandError } from '../../errors.js';
import { describe } from './appointment.js';

/** Each verb, the status it sets, what it says when done, and what it asks first (`--yes` answers it). */
export const STATUS_VERBS = [
  { verb: 'confirm', status: 'confirmed', done: 'Confirmed', summary: 'Mark an appointment confirmed by the client (undoes a completion)',
    yes: 'undo a completion without asking (needed when not at a terminal)' },
  { verb: 'complete', status: 'completed', done: 'Completed', summary: 'Mark appointments as held (each counts as a visit)',
    yes: 'complete them before their start, or every unresolved one, without asking (needed when not at a terminal)',
    early: { action: 'Completing an appointment', question: 'Complete it anyway?' },
    many: { verb: 'Complete', action: 'Completing every unresolved appointment' } },
  { verb: 'cancel', status: 'cancelled', done: 'Cancelled', summary: 'Cancel an appointment (its time becomes free)' },
  { verb: 'no-show', status: 'no_show', done: 'Marked as no-show', summary: 'Mark that the client did not come',
    yes: 'mark them before their start, or every unresolved one, without asking (needed when not at a terminal)',
    early: { action: 'Marking a no-show', question: 'Mark it as a no-show anyway?' },
    many: { verb: 'Mark as no-show', action: 'Marking every unresolved appointment a no-show' } },
] as const satisfies ReadonlyArray<{
  verb: string; status: AppointmentStatus; done: string; summary: string; yes?: string; early?: { action: string; question: string };
  many?: { verb: string; action: string };
}>;

export type StatusVerb = (typeof STATUS_VERBS)[number];

/** Refused (exit 1, nothing sent) when `current` may not move to the verb's status. */
export function checkTransition(current: Appointment, verb: StatusVerb): void {
  // A status this CLI does not know comes from another backend: its own rules decide.
  const from = APPOINTMENT_STATUSES.find((status) => status === current.status);
  if (from === undefined) return;
  try {
    assertTransition(from, verb.status);
  } catch (err) {
    if (err instanceof InvalidTransitionError) throw new CommandError(`${describe(current)}: ${err.message}.`);
    throw err;
  }
}
