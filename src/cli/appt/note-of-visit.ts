// A note records a visit held: one for an appointment that was cancelled, missed, or has not started
// yet is asked first (on a terminal), and needs --yes elsewhere, as a booking the practice would
// think twice about (concerns.ts). `note add --appointment` calls it before the note is typed.
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import type { Concern } from './concern.js';
import { confirmConcerns, notStartedConcern } from './concerns.js';
import { describe } from './shared.js';

export async function confirmNoteOfVisit(ctx: Context, yes: boolean | undefined, appointmentId: string): Promise<void> {
  const [appointment] = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>().eq('id', appointmentId));
  // None: the insert's own refusal names it.
  if (!appointment) return;
  const concern: Concern | null = appointment.status === 'cancelled' ? { label: 'a cancelled appointment', warning: `${describe(appointment)} was cancelled.` }
    : appointment.status === 'no_show' ? { label: 'a no-show', warning: `${describe(appointment)} is marked as a no-show.` }
      // A visit completed is held, even if marked so before its time.
      : appointment.status === 'completed' ? null : await notStartedConcern(ctx, appointment);
  await confirmConcerns(ctx, yes, concern ? [concern] : [], 'Writing a note of an appointment', 'Write the note anyway?');
}
