// The scheduled or confirmed appointments that fall in a closed span: the bookings time off would
// strand. One read of the span's days; the part of a day is compared here.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import { type ClosedSpan, localMoment, overlapsSpan } from '../../model/closure.js';
import { BOOKED_STATUSES } from '../../model/appointment-status.js';
import type { Appointment } from '../../model/records.js';
import { parseTimeOfDay } from '../../model/when.js';
import { readRows } from './read-ranged.js';

export async function bookedIn(api: ApiClient, span: ClosedSpan): Promise<Appointment[]> {
  const [first, last] = [localMoment(span.starts_at).slice(0, 10), localMoment(span.ends_at).slice(0, 10)];
  const rows = await readRows<Appointment>(api, 'appointments', query<Appointment>()
    .gte('date', first).lte('date', last).in('status', BOOKED_STATUSES).order('date').order('start_time'));
  return rows.filter((row) => overlapsSpan(span, row.date, parseTimeOfDay(row.start_time), parseTimeOfDay(row.end_time)));
}
