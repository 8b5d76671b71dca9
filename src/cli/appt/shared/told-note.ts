// After `appt reschedule` or `appt cancel`: when the client was reminded of this visit, say which time
// they were told, and that the next `practice remind` sends them the notice (docs/reminders.md).
import { parseTimeOfDay } from '../../../model/when.js';
import type { Appointment } from '../../../model/records.js';
import type { Context } from '../../context.js';
import { toldOf } from '../../shared/told.js';
import { clock } from './appointment.js';

export async function noteWhatClientWasTold(ctx: Context, after: Appointment): Promise<void> {
  const told = await toldOf(await ctx.api(), after.id);
  if (!told || told.kind === 'cancelled') return;
  const [date, time] = [told.announced_date, parseTimeOfDay(told.announced_start)];
  const cancelled = after.status === 'cancelled';
  if (!cancelled && date === after.date && time === clock(after.start_time)) return;
  const who = after.client_name ?? 'The client';
  ctx.out.note(`${who} was told ${date} ${time} (a ${told.kind === 'reminder' ? 'reminder' : 'change notice'} was sent); the next \`practice remind\` sends them the ${cancelled ? 'cancellation' : 'new time'}.`);
}
