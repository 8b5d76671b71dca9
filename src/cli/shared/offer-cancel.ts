// Bookings a change leaves stranded (time off over them, an archived client's future visits): listed,
// then cancelled when `--cancel-booked` says so or the person at the terminal agrees; elsewhere kept,
// with the way to cancel them. A cancelled visit whose client was reminded gets a cancellation notice
// from the next `practice remind` (docs/reminders.md).
import { Option } from 'commander';
import { query } from '../../core/query-builder.js';
import { chunk } from '../../formats/insert-batches.js';
import { BOOKED_STATUSES } from '../../model/appointment-status.js';
import type { Appointment } from '../../model/records.js';
import { countOf } from '../../model/count.js';
import type { Context } from '../context.js';
import { describeAppointment } from './appointment-line.js';
import { IDS_PER_REQUEST } from './read-by-ids.js';

export interface CancelBookedOptions {
  cancelBooked?: boolean;
}

export const cancelBookedOption = () => new Option('--cancel-booked', 'cancel the bookings this leaves stranded without asking (default at a terminal: asked; elsewhere: kept)');

/** Lists `booked` under `why`, then cancels them or says how; the appointments cancelled. */
export async function offerToCancel(ctx: Context, booked: readonly Appointment[], why: string, options: CancelBookedOptions): Promise<Appointment[]> {
  if (booked.length === 0) return [];
  ctx.out.warn(`${why}:\n${booked.map((row) => `  ${describeAppointment(row)}`).join('\n')}`);
  const cancel = options.cancelBooked === true
    || (ctx.interactive && await ctx.prompt.confirm(`Cancel ${booked.length === 1 ? 'it' : `these ${booked.length}`}?`, { flag: '--cancel-booked', default: false }));
  if (!cancel) {
    ctx.out.note(`Kept ${countOf(booked.length, 'booking')}; cancel with \`practice appt cancel <id>\`, or run again with --cancel-booked.`);
    return [];
  }
  // The status filter again: one held or cancelled since the read stays as it is. A hundred ids a
  // request keep the URL short; a part that fails stops here, the rest staying booked.
  const api = await ctx.api();
  const cancelled: Appointment[] = [];
  for (const part of chunk(booked, IDS_PER_REQUEST)) {
    cancelled.push(...await api.update<Appointment>('appointments',
      query<Appointment>().in('id', part.map((row) => row.id)).in('status', BOOKED_STATUSES), { status: 'cancelled' }));
  }
  ctx.out.success(`Cancelled ${countOf(cancelled.length, 'appointment')}; \`practice remind\` tells the clients who were reminded.`);
  return cancelled;
}
