// The warning when a booking falls outside the practice's opening hours: a question on a terminal,
// a note otherwise. The hours are advice, not a rule the service enforces, so a day without any is open.
import { query } from '../../core/query.js';
import { dayOfWeek } from '../../model/when.js';
import type { Context } from '../context.js';
import { cancelled } from '../shared/confirm.js';
import { clock } from './view.js';

interface Hours {
  open_time: string;
  close_time: string;
}

/** Warns (and on a terminal asks whether to go on) when start-end is not inside one opening interval of `date`. */
export async function confirmWithinHours(ctx: Context, date: string, start: string, end: string): Promise<void> {
  const api = await ctx.api();
  const day = dayOfWeek(date);
  const hours = await api.select<Hours>('business_hours', query<Hours & { therapist_id: string; day_of_week: string }>()
    .eq('therapist_id', await api.userId()).eq('day_of_week', day).select(['open_time', 'close_time']));
  if (hours.length === 0 || hours.some((open) => clock(open.open_time) <= start && end <= clock(open.close_time))) return;
  const opening = hours.map((open) => `${clock(open.open_time)}-${clock(open.close_time)}`).sort().join(', ');
  ctx.out.warn(`${start}-${end} on ${day} ${date} is outside business hours (${opening}).`);
  if (ctx.interactive && !(await ctx.prompt.confirm('Book it anyway?', { flag: '--yes', default: false }))) {
    throw cancelled();
  }
}
