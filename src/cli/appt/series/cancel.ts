// `appt cancel ID --following | --series`: one PATCH over the ids the scope reaches, so the
// cancellations happen together; cancelled appointments can be booked again one by one (scheduled).
import { query } from '../../../core/query-builder.js';
import { BOOKED_STATUSES } from '../../../model/appointment-status.js';
import type { RowOptions } from '../../../core/output.js';
import type { Context } from '../../context.js';
import { inOrderRead } from '../../shared/in-order-read.js';
import { reportChangedRows } from '../../shared/report.js';
import { type ScopeOptions, seriesScope } from './scope.js';
import type { Appointment } from '../../../model/records.js';
import { COLUMNS } from '../shared/appointment.js';

export async function cancelSeries(ctx: Context, named: Appointment, options: ScopeOptions & RowOptions): Promise<void> {
  const reached = await seriesScope(ctx, named, options);
  // The status filter again: one confirmed or held since the read is left as it is now.
  const cancelled = inOrderRead(await (await ctx.api()).update<Appointment>('appointments',
    query<Appointment>().in('id', reached.map((row) => row.id)).in('status', BOOKED_STATUSES), { status: 'cancelled' }), reached);
  const dates = cancelled.map((row) => row.date);
  const span = dates.length === 1 ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
  await reportChangedRows(ctx, `Cancelled ${cancelled.length} appointment${cancelled.length === 1 ? '' : 's'} of the series, ${span}.`, cancelled, COLUMNS, options);
}
