// `practice appt decline <id> [--reason TEXT]`: a request from the booking page is turned down
// (cancelled; the reason kept in its notes) and its slot is free; the client hears of it from the
// next `practice remind` run (PRACTICE_REMINDER_KIND=declined).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { COLUMNS, describe, fetchAppointment, FIELDS } from './shared/appointment.js';
import { answeredAlready, type Requested } from './shared/request-answer.js';

interface DeclineOptions extends RowOptions {
  reason?: string;
}

const MAX_REASON = 500;

export function declineCommand(ctx: Context): Command {
  const command = new Command('decline')
    .description('Decline a request from the booking page: it is cancelled and its slot is free')
    .argument('<id>', 'the request: its id or a unique prefix of it (see `practice appt requests`)')
    .option('--reason <text>', 'why, kept in the appointment\'s notes')
    .addHelpText('before', `Examples:
  $ practice appt decline 3f2a9c1b
  $ practice appt decline 3f2a --reason "I am away that week" --json id,status,notes
`)
    .addHelpText('after', `
The client is told by the next \`practice remind\` run (kind declined).`)
    .action(async (id: string, options: DeclineOptions) => {
      const reason = options.reason?.trim();
      if (reason !== undefined && (reason === '' || reason.length > MAX_REASON)) throw new UsageError(`--reason: 1 to ${MAX_REASON} characters`);
      const current: Requested = await fetchAppointment(ctx, id);
      if (await answeredAlready(ctx, current, 'declined', options)) return;
      if (current.status !== 'requested') {
        throw new CommandError(`${describe(current)} is not a request waiting for an answer.`, 'See `practice appt requests`.');
      }
      const notes = reason === undefined ? current.notes : [current.notes, `Declined: ${reason}`].filter(Boolean).join('\n');
      const [declined] = await (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id).eq('status', 'requested'), { status: 'cancelled', notes });
      if (!declined) throw new CommandError(`${describe(current)} was answered meanwhile.`, 'See `practice appt requests`.');
      await reportChange(ctx, `Declined: ${describe(declined)}`, declined, COLUMNS, options);
      ctx.out.note('The client hears of it from the next `practice remind` run.');
    });
  return addOutputFlags(command, FIELDS);
}
