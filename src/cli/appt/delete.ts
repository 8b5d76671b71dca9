// `practice appt delete <id>`: remove an appointment for good (a cancellation keeps it). Asks on a
// terminal; otherwise refuses without --yes. The service refuses while a note refers to it (409).
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, writeConfirmed, yesOption } from '../shared/confirm.js';
import { removeById } from '../shared/delete.js';
import { reportChange } from '../shared/report.js';
import { COLUMNS, describe, fetchAppointment, FIELDS, NOT_FOUND_HINT } from './shared/appointment.js';

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

async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const removed = await writeConfirmed(ctx, options.yes, text, {
    action: 'Deleting an appointment',
    resolve: fetchAppointment,
    question: (appointment) => `Delete ${describe(appointment)}?`,
    send: (api, id) => removeById<Appointment>(api, 'appointments', id),
    notFound: (appointment) => `No appointment has the id ${appointment.id}.`,
    hint: NOT_FOUND_HINT,
  });
  await reportChange(ctx, `Deleted ${describe(removed)}`, removed, COLUMNS, options);
}
