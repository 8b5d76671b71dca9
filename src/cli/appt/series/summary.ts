// How `appt show` names the series an appointment belongs to: the rule in words and where this one
// falls in it, counting the series' appointments as they are now (cancelled ones included).
import { query } from '../../../core/query-builder.js';
import { shortId } from '../../../model/short-id.js';
import type { Context } from '../../context.js';
import type { Appointment } from '../../../model/records.js';

/** `every week for 8 times; 3 of 8 (series 1a2b3c4d)`, or null for a single booking. */
export async function seriesSummary(ctx: Context, appointment: Appointment): Promise<string | null> {
  if (!appointment.series_id) return null;
  const series = await (await ctx.api()).select<Appointment>('appointments',
    query<Appointment>().eq('series_id', appointment.series_id).select(['id']).order('date').order('start_time'));
  const position = series.findIndex((row) => row.id === appointment.id) + 1;
  // rrule is loaded only for an appointment that has a rule to read.
  const { ruleInWords } = await import('../../../model/recurrence.js');
  const words = appointment.recurrence ? `${await ruleInWords(appointment.recurrence)}; ` : '';
  return `${words}${position} of ${series.length} (series ${shortId(appointment.series_id)})`;
}
