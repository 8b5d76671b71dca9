// `practice appt requests`: bookings asked for on the public page (status requested), soonest first,
// each with how long it holds its slot; accept or decline each (accept.ts, decline.ts). A request whose
// hold has expired no longer blocks its slot; it is listed as expired until someone takes the slot.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { countOf } from '../../model/count.js';
import { shortId } from '../../model/short-id.js';
import { dateTimeIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { practiceTimeZone } from '../shared/input.js';
import { readRanged } from '../shared/read-ranged.js';
import { type HeldRequest, holdExpired } from '../../model/request-hold.js';
import { clock, FIELDS } from './shared/appointment.js';

/** A request: the appointment with its hold (migration 20). */
type Request = HeldRequest & { hold_until: string | null };

const REQUEST_FIELDS = [...FIELDS, 'hold_until'];

/** `until 2026-11-28 10:00` on the practice's clocks, as the visit's own times are, `expired`, or `until you act`. */
function holdText(request: Request, now: Date, timeZone: string): string {
  if (request.hold_until === null) return 'until you act';
  return holdExpired(request, now) ? 'expired' : `until ${dateTimeIn(new Date(request.hold_until), timeZone)}`;
}

const columnsAt = (now: Date, timeZone: string): Column<Request>[] => [
  { key: 'id', format: shortId },
  { key: 'date' },
  { key: 'start_time', header: 'START', format: clock },
  { key: 'end_time', header: 'END', format: clock },
  { key: 'client_name', header: 'CLIENT', format: (name, row) => name ?? shortId(row.client_id) },
  { key: 'hold_until', header: 'HOLD', format: (_, request) => holdText(request, now, timeZone) },
];

export function requestsCommand(ctx: Context): Command {
  const command = new Command('requests')
    .description('Bookings asked for on the booking page, waiting for you to accept or decline them')
    .addHelpText('before', `Examples:
  $ practice appt requests
  $ practice appt requests --json id,date,start_time,client_name,hold_until
  $ practice appt accept 3f2a9c1b
  $ practice appt decline 3f2a9c1b --reason "I am away that week"
`)
    .action(async (options: RowOptions) => {
      const rows = await readRanged<Request>(await ctx.api(), 'appointments',
        query<Request>().eq('status', 'requested').order('date').order('start_time'));
      await ctx.out.rows(rows, columnsAt(ctx.now(), await practiceTimeZone(ctx)), options, 'No requests waiting.');
      if (rows.length > 0 && !options.json && !options.format) ctx.out.note(`${countOf(rows.length, 'request')}: \`practice appt accept|decline <id>\`.`);
    });
  return addOutputFlags(command, REQUEST_FIELDS);
}
