// `practice appt confirm|complete|cancel|no-show <id>`: one implementation for the four status changes.
// The transition is checked here (src/model) before the PATCH; the service enforces the same table.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query.js';
import { APPOINTMENT_STATUSES, type AppointmentStatus, assertTransition } from '../../model/appointment-status.js';
import { InvalidTransitionError } from '../../model/errors.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { type Appointment, COLUMNS, describe, fetchAppointment, FIELDS } from './view.js';

/** Each verb, the status it sets, and what it says when done. */
export const STATUS_VERBS = [
  { verb: 'confirm', status: 'confirmed', done: 'Confirmed', summary: 'Mark an appointment confirmed by the client' },
  { verb: 'complete', status: 'completed', done: 'Completed', summary: 'Mark an appointment as held (counts as a visit)' },
  { verb: 'cancel', status: 'cancelled', done: 'Cancelled', summary: 'Cancel an appointment (its time becomes free)' },
  { verb: 'no-show', status: 'no_show', done: 'Marked as no-show', summary: 'Mark that the client did not come' },
] as const satisfies ReadonlyArray<{ verb: string; status: AppointmentStatus; done: string; summary: string }>;

type StatusVerb = (typeof STATUS_VERBS)[number];

export function statusCommand(ctx: Context, verb: StatusVerb): Command {
  const command = new Command(verb.verb)
    .description(verb.summary)
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .addHelpText('before', `Examples:
  $ practice appt ${verb.verb} 3f2a9c1b
  $ practice appt ${verb.verb} 3f2a --json id,status
`)
    .action((id: string, options: RowOptions) => runStatus(id, verb, options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runStatus(text: string, verb: StatusVerb, options: RowOptions, ctx: Context): Promise<void> {
  const current = await fetchAppointment(ctx, text);
  // A status this CLI does not know comes from another backend: its own rules decide.
  const from = APPOINTMENT_STATUSES.find((status) => status === current.status);
  if (from !== undefined) {
    try {
      assertTransition(from, verb.status);
    } catch (err) {
      if (err instanceof InvalidTransitionError) throw new CommandError(`${describe(current)}: ${err.message}.`);
      throw err;
    }
  }
  const [changed] = await (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id), { status: verb.status });
  await reportChange(ctx, `${verb.done}: ${describe(changed!)}`, changed!, COLUMNS, options);
}
