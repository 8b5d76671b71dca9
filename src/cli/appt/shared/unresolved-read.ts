// The appointments over but still scheduled or confirmed, from the database's answer
// `unresolved_appointments(before)` (migration 0013) through POST /rest/v1/rpc/. `--before D` means
// before that day began; without it, before now, both on the practice's clock.
import type { Appointment } from '../../../model/records.js';
import { dateTimeIn } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { dayOption, practiceTimeZone } from '../../shared/input.js';

/** The local moment `--before` names, as `YYYY-MM-DDTHH:MM`. */
export async function beforeMoment(ctx: Context, before: string | undefined): Promise<string> {
  if (before !== undefined) return `${await dayOption(ctx, '--before', before)}T00:00`;
  return dateTimeIn(ctx.now(), await practiceTimeZone(ctx)).replace(' ', 'T');
}

export async function readUnresolved(ctx: Context, before: string): Promise<Appointment[]> {
  const response = await (await ctx.api()).request({ method: 'POST', path: '/rest/v1/rpc/unresolved_appointments', body: { before }, idempotent: true });
  return response.json<Appointment[]>();
}
