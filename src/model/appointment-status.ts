// Appointment statuses and the transitions between them (DESIGN.md section 3).
// The CLI checks a change here before sending it; the server enforces the same table with a 409.
import { InvalidInputError, InvalidTransitionError } from './errors.js';

/** Every status, in the order a visit usually moves through them: `requested` is a booking asked for on
 * the public page (issue 31), holding its slot until the therapist accepts or declines it. */
export const APPOINTMENT_STATUSES = ['requested', 'scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The statuses of a booking still to happen (or to be resolved): what time off or an archive strands. */
export const BOOKED_STATUSES: readonly AppointmentStatus[] = ['requested', 'scheduled', 'confirmed'];

// `no_show` is our extension to INTERFACE.md's four statuses; a backend that lacks it refuses the
// write itself, so the table does not need to know which backend it talks to.
// `requested` (migration 20) is another extension: accepted (scheduled or confirmed) or declined (cancelled).
const NEXT: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  requested: ['scheduled', 'confirmed', 'cancelled'],
  scheduled: ['confirmed', 'completed', 'cancelled', 'no_show'],
  confirmed: ['completed', 'cancelled', 'no_show', 'scheduled'],
  completed: ['confirmed'], // undo a completion marked by mistake
  cancelled: ['scheduled'],
  no_show: ['scheduled'],
};

/** A status in words, as messages and help name it: `no-show`, not the stored `no_show`. */
export const statusWord = (status: string): string => status.replaceAll('_', '-');

/** A status as typed on the command line (`--status no-show`): case-insensitive, `-` for `_`. */
export function parseAppointmentStatus(text: string): AppointmentStatus {
  const wanted = text.trim().toLowerCase().replace('-', '_');
  const status = APPOINTMENT_STATUSES.find((candidate) => candidate === wanted);
  if (status === undefined) {
    throw new InvalidInputError(`expected a status: ${APPOINTMENT_STATUSES.map(statusWord).join(', ')}; got '${text}'`);
  }
  return status;
}

/** The statuses an appointment in `status` may move to, for help text and the error hint. */
export function allowedNext(status: AppointmentStatus): readonly AppointmentStatus[] {
  return NEXT[status];
}

/** Whether `from -> to` is in the table; staying in the same status is not a transition. */
export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** Throws InvalidTransitionError, naming the allowed next statuses, when `from -> to` is refused. */
export function assertTransition(from: AppointmentStatus, to: AppointmentStatus): void {
  if (!canTransition(from, to)) throw new InvalidTransitionError(statusWord(from), statusWord(to), NEXT[from].map(statusWord));
}
