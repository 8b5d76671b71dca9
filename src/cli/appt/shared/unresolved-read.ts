// The appointments over but still scheduled or confirmed, from the database's answer
// `unresolved_appointments(before)` (migration 0013) through POST /rest/v1/rpc/, in pages past the
// host's cap on rows per answer (a year of days never closed holds more than 1000). `--before D` means
// before that day began; without it, before now, both on the practice's clock.
import { query } from '../../../core/query-builder.js';
import type { Appointment } from '../../../model/records.js';
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { dayOption, practiceTimeZone } from '../../shared/input.js';
import { readRows } from '../../shared/read-ranged.js';

/** The local moment `--before` names, as `YYYY-MM-DDTHH:MM`. */
export async function beforeMoment(ctx: Context, before: string | undefined): Promise<string> {
  if (before !== undefined) return `${await dayOption(ctx, '--before', before)}T00:00`;
  return dateTimeIn(ctx.now(), await practiceTimeZone(ctx)).replace(' ', 'T');
}

/** Every one, oldest first: paged past the host's cap on rows per answer, as a list is. */
export async function readUnresolved(ctx: Context, before: string): Promise<Appointment[]> {
  const oldestFirst = query<Appointment>().order('date').order('start_time');
  return readRows<Appointment>(await ctx.api(), { rpc: 'unresolved_appointments', args: { before } }, oldestFirst);
}
