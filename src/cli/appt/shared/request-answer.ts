// A request from the booking page answered once already: `appt accept` or `appt decline` run again
// says so and exits 0 with nothing changed, as the house's verbs do when their end state holds.
import type { RowOptions } from '../../../core/output.js';
import type { Appointment } from '../../../model/records.js';
import type { Context } from '../../context.js';
import { reportAlready } from './appointment.js';

/** An appointment as the service keeps it: a request's answer, once the therapist gave one (migration 20). */
export type Requested = Appointment & { request_answer?: 'accepted' | 'declined' | null };

/** True, having said so, when `current` was given `answer` before. */
export async function answeredAlready(ctx: Context, current: Requested, answer: 'accepted' | 'declined', options: RowOptions): Promise<boolean> {
  if (current.request_answer !== answer) return false;
  await reportAlready(ctx, answer, current, options);
  return true;
}
