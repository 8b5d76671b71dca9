// `practice appt confirm|complete|cancel|no-show <id>`: one implementation for the four status changes.
// The transition is checked here (src/model) before the PATCH; the service enforces the same table.
// Completing or marking a no-show before the start, and undoing a completion, are asked first.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import { APPOINTMENT_STATUSES, type AppointmentStatus, assertTransition } from '../../model/appointment-status.js';
import { InvalidTransitionError } from '../../model/errors.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { type ConfirmOptions, yesOption } from '../shared/confirm.js';
import { reportChange } from '../shared/report.js';
import { cancelSeries } from './cancel-series.js';
import { confirmConcerns, notStartedConcern } from './concerns.js';
import { inScope, type ScopeOptions, scopeOptions } from './series-scope.js';
import { COLUMNS, describe, fetchAppointment, FIELDS } from './shared.js';
import { confirmUndo, unlessSignedNote } from './undo-completion.js';

/** Each verb, the status it sets, what it says when done, and what it asks first (`--yes` answers it). */
export const STATUS_VERBS = [
  { verb: 'confirm', status: 'confirmed', done: 'Confirmed', summary: 'Mark an appointment confirmed by the client (undoes a completion)',
    yes: 'undo a completion without asking (needed when not at a terminal)' },
  { verb: 'complete', status: 'completed', done: 'Completed', summary: 'Mark an appointment as held (counts as a visit)',
    yes: 'complete it before its start without asking (needed when not at a terminal)',
    early: { action: 'Completing an appointment', question: 'Complete it anyway?' } },
  { verb: 'cancel', status: 'cancelled', done: 'Cancelled', summary: 'Cancel an appointment (its time becomes free)' },
  { verb: 'no-show', status: 'no_show', done: 'Marked as no-show', summary: 'Mark that the client did not come',
    yes: 'mark it before its start without asking (needed when not at a terminal)',
    early: { action: 'Marking a no-show', question: 'Mark it as a no-show anyway?' } },
] as const satisfies ReadonlyArray<{
  verb: string; status: AppointmentStatus; done: string; summary: string; yes?: string; early?: { action: string; question: string };
}>;

type StatusVerb = (typeof STATUS_VERBS)[number];

export function statusCommand(ctx: Context, verb: StatusVerb): Command {
  const command = new Command(verb.verb)
    .description(verb.summary)
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .addHelpText('before', `Examples:
  $ practice appt ${verb.verb} 3f2a9c1b
  $ practice appt ${verb.verb} 3f2a --json id,status${'yes' in verb ? `\n  $ practice appt ${verb.verb} 3f2a --yes` : ''}
`)
    .action((id: string, options: ConfirmOptions & ScopeOptions) => runStatus(id, verb, options, ctx));
  if ('yes' in verb) command.addOption(yesOption(verb.yes));
  if (verb.verb === 'cancel') {
    for (const option of scopeOptions('cancel')) command.addOption(option);
    command.addHelpText('before', '  $ practice appt cancel 3f2a --following\n');
  }
  return addOutputFlags(command, FIELDS);
}

async function runStatus(text: string, verb: StatusVerb, options: ConfirmOptions & ScopeOptions, ctx: Context): Promise<void> {
  const current = await fetchAppointment(ctx, text);
  if (inScope(options)) return cancelSeries(ctx, current, options);
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
  const undo = current.status === 'completed' && verb.status === 'confirmed';
  if (undo) await confirmUndo(ctx, options.yes, current);
  if ('early' in verb) {
    const early = await notStartedConcern(ctx, current);
    await confirmConcerns(ctx, options.yes, early ? [early] : [], verb.early.action, verb.early.question);
  }
  const write = (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id), { status: verb.status });
  const [changed] = await (undo ? unlessSignedNote(ctx, current, write) : write);
  await reportChange(ctx, `${verb.done}: ${describe(changed!)}`, changed!, COLUMNS, options);
}
