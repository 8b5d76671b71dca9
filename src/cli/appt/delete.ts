// `practice appt delete <id>`: remove an appointment for good (a cancellation keeps it). Asks on a
// terminal; otherwise refuses without --yes. The service refuses while a note refers to it (409).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { type ConfirmOptions, confirmation, yesOption } from '../shared/confirm.js';
import { reportChange } from '../shared/report.js';
import { type Appointment, COLUMNS, describe, fetchAppointment, FIELDS } from './view.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete an appointment (to keep it on record, cancel it instead)')
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice appt delete 3f2a9c1b
  $ practice appt delete 3f2a9c1b --yes --json id,date,start_time
`)
    .action((id: string, options: ConfirmOptions) => runDelete(id, options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Deleting an appointment');
  const appointment = await fetchAppointment(ctx, text);
  await ask(`Delete ${describe(appointment)}?`);
  const [removed] = await (await ctx.api()).remove<Appointment>('appointments', query<Appointment>().eq('id', appointment.id));
  if (!removed) throw new CommandError(`No appointment has the id ${appointment.id}.`);
  await reportChange(ctx, `Deleted ${describe(removed)}`, removed, COLUMNS, options);
}
