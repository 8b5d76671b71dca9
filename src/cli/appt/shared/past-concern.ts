// A booking that starts before now (`appt add --date yesterday`) is usually a typo for a day ahead;
// recording a visit that was held is `--status completed`, which is not asked about.
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { practiceTimeZone } from '../../shared/input.js';
import type { Concern } from './concern.js';

export async function pastConcern(ctx: Context, when: { date: string; start: string; end: string }, status: string | undefined): Promise<Concern | null> {
  if (status === 'completed') return null;
  const timeZone = await practiceTimeZone(ctx);
  const now = dateTimeIn(ctx.now(), timeZone);
  if (`${when.date} ${when.start}` >= now) return null;
  return {
    label: 'in the past',
    warning: `${when.date} ${when.start}-${when.end} is in the past (it is ${now} in ${timeZone}); to record a visit that was held, pass --status completed.`,
  };
}
