// `practice appt accept <id>`: a request from the booking page becomes a booking (scheduled). The
// database checks the slot again (a request whose hold expired may have lost it); the client hears
// of it from the next `practice remind` run (PRACTICE_REMINDER_KIND=accepted).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { holdExpired } from '../../model/request-hold.js';
import { COLUMNS, describe, fetchAppointment, FIELDS } from './shared/appointment.js';
import { answeredAlready, type Requested } from './shared/request-answer.js';

export function acceptCommand(ctx: Context): Command {
  const command = new Command('accept')
    .description('Accept a request from the booking page: it becomes a scheduled appointment')
    .argument('<id>', 'the request: its id or a unique prefix of it (see `practice appt requests`)')
    .addHelpText('before', `Examples:
  $ practice appt accept 3f2a9c1b
  $ practice appt accept 3f2a --json id,status
`)
    .addHelpText('after', `
The client is told by the next \`practice remind\` run (kind accepted).`)
    .action(async (id: string, options: RowOptions) => {
      const current: Requested = await fetchAppointment(ctx, id);
      if (await answeredAlready(ctx, current, 'accepted', options)) return;
      if (current.status !== 'requested') {
        throw new CommandError(`${describe(current)} is not a request waiting for an answer.`, 'See `practice appt requests`.');
      }
      const [accepted] = await (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id).eq('status', 'requested'), { status: 'scheduled' });
      if (!accepted) throw new CommandError(`${describe(current)} was answered meanwhile.`, 'See `practice appt requests`.');
      await reportChange(ctx, `Accepted: ${describe(accepted)}`, accepted, COLUMNS, options);
      if (holdExpired(current, ctx.now())) ctx.out.note('Its hold had run out, but the time was still free: it is booked now.');
      ctx.out.note('The client hears of it from the next `practice remind` run.');
    });
  return addOutputFlags(command, FIELDS);
}
