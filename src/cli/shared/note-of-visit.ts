// A note records a visit held: one for an appointment that was cancelled, missed, or has not started
// yet is asked first (on a terminal), and needs --yes elsewhere, as a booking the practice would
// think twice about (appt/shared/concerns.ts). `note add --appointment` calls it before the note is typed.
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import { dateTimeIn, parseTimeOfDay } from '../../model/when.js';
import type { Context } from '../context.js';
import { describeAppointment } from './appointment-line.js';
import { confirmation } from './confirm.js';
import { practiceTimeZone } from './input.js';

export async function confirmNoteOfVisit(ctx: Context, yes: boolean | undefined, appointmentId: string): Promise<void> {
  const [appointment] = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>().eq('id', appointmentId));
  // None: the insert's own refusal names it.
  if (!appointment) return;
  const now = dateTimeIn(ctx.now(), await practiceTimeZone(ctx));
  const [label, warning] = appointment.status === 'cancelled' ? ['a cancelled appointment', 'was cancelled']
    : appointment.status === 'no_show' ? ['a no-show', 'is marked as a no-show']
      // A visit completed is held, even if marked so before its time.
      : appointment.status !== 'completed' && `${appointment.date} ${parseTimeOfDay(appointment.start_time)}` > now ? ['not started yet', `has not started yet (it is ${now})`]
        : [null, null];
  if (label === null) return;
  ctx.out.warn(`${describeAppointment(appointment)} ${warning}.`);
  await confirmation(ctx, yes, `Writing a note of an appointment (${label})`)('Write the note anyway?');
}
