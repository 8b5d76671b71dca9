// `practice appt delete <id>`: remove an appointment for good (a cancellation keeps it). Asks on a
// terminal; otherwise refuses without --yes. The service refuses while a note refers to it (409).
import { Command } from 'commander';
import { query } from '../../core/query.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { confirmation } from '../shared/confirm.js';
import { type Appointment, describe, fetchAppointment } from './view.js';

interface DeleteOptions {
  yes?: boolean;
}

export function deleteCommand(ctx: Context): Command {
  return new Command('delete')
    .alias('rm')
    .description('Delete an appointment (to keep it on record, cancel it instead)')
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .option('-y, --yes', 'do not ask; needed when not at a terminal')
    .addHelpText('before', `Examples:
  $ practice appt delete 3f2a9c1b
  $ practice appt delete 3f2a9c1b --yes
`)
    .action((id: string, options: DeleteOptions) => runDelete(id, options, ctx));
}

export async function runDelete(text: string, options: DeleteOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Deleting an appointment');
  const appointment = await fetchAppointment(ctx, text);
  await ask(`Delete ${describe(appointment)}?`);
  const [removed] = await (await ctx.api()).remove<Appointment>('appointments', query<Appointment>().eq('id', appointment.id));
  if (!removed) throw new CommandError(`No appointment has the id ${appointment.id}.`);
  ctx.out.success(`Deleted ${describe(removed)}`);
}
