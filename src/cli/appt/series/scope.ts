// `--following` and `--series` on cancel and reschedule: which appointments of a series a change
// reaches. `--following`: the named one and every later one; `--series`: every one that has not
// started yet. Either way only scheduled or confirmed ones: a held, cancelled or missed visit is
// history. Each change is one request, so it applies to all of them or to none.
import { Option } from 'commander';
import { query } from '../../../core/query-builder.js';
import { BOOKED_STATUSES } from '../../../model/appointment-status.js';
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { CommandError, UsageError } from '../../errors.js';
import { practiceTimeZone } from '../../shared/input.js';
import type { Appointment } from '../../../model/records.js';
import { clock, describe } from '../shared/appointment.js';

export interface ScopeOptions {
  following?: boolean;
  series?: boolean;
}

/** The two flags, exclusive; `what` words the change: `cancel`, `move`. */
export function scopeOptions(what: string): Option[] {
  return [
    new Option('--following', `${what} this appointment and the later ones of its series`).conflicts('series'),
    new Option('--series', `${what} every appointment of its series that has not started yet`),
  ];
}

export const inScope = (options: ScopeOptions) => Boolean(options.following || options.series);

/** The appointments of `named`'s series the flags reach, in time order; refused when there are none. */
export async function seriesScope(ctx: Context, named: Appointment, options: ScopeOptions): Promise<Appointment[]> {
  const flag = options.following ? '--following' : '--series';
  if (!named.series_id) throw UsageError.about(flag, () => `${describe(named)} is not part of a series.`);
  // "This one and the later ones" from a held visit would leave this one behind: said, not guessed.
  if (options.following && !BOOKED_STATUSES.includes(named.status)) {
    throw UsageError.about('--following', (name) => `${describe(named)} is ${named.status}; ${name('--following')} reaches only scheduled or confirmed appointments.`,
      'Name the next one to come, or change this one on its own.');
  }
  const members = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>()
    .eq('series_id', named.series_id).in('status', BOOKED_STATUSES).order('date').order('start_time'));
  const startOf = (row: Appointment) => `${row.date} ${clock(row.start_time)}`;
  const from = options.following ? startOf(named) : dateTimeIn(ctx.now(), await practiceTimeZone(ctx));
  const reached = members.filter((row) => (options.following ? startOf(row) >= from : startOf(row) > from));
  if (reached.length === 0) {
    throw new CommandError(`No scheduled or confirmed appointment of the series ${options.following ? `from ${from}` : 'is still to come'}; nothing changed.`);
  }
  return reached;
}
