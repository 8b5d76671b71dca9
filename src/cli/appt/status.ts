// `practice appt confirm|complete|cancel|no-show <id>`: one implementation for the four status changes.
// The transition is checked here (src/model) before the PATCH; the service enforces the same table.
// Completing or marking a no-show before the start, and undoing a completion, are asked first. A verb
// whose end state already holds changes nothing and exits 0 with a notice (README "Exit codes").
// complete and no-show also take several ids, or every unresolved appointment (shared/status-many.ts);
// `complete ID --paid METHOD` records the visit's price in the same transaction (shared/paid-visit.ts).
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import { statusWord } from '../../model/appointment-status.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, yesOption } from '../shared/confirm.js';
import { checkNotCompleted, checkPaidTargets, completePaidVisit, paidOption, type PaidOptions } from '../shared/paid-visit.js';
import { reportChange } from '../shared/report.js';
import { cancelSeries } from './series/cancel.js';
import { confirmConcerns, notStartedConcern } from './shared/concerns.js';
import { inScope, type ScopeOptions, scopeOptions } from './series/scope.js';
import { COLUMNS, describe, fetchAppointment, FIELDS, reportAlready } from './shared/appointment.js';
import { type ManyOptions, runStatusMany } from './shared/status-many.js';
import { checkTransition, type StatusVerb } from './shared/status-verbs.js';
import { noteWhatClientWasTold } from './shared/told-note.js';
import { confirmUndo, unlessSignedNote } from './shared/undo-completion.js';

export function statusCommand(ctx: Context, verb: StatusVerb): Command {
  const many = 'many' in verb;
  const command = new Command(verb.verb)
    .description(verb.summary)
    .argument(many ? '[ids...]' : '<id>', many ? 'the appointments: ids or unique prefixes of them' : 'the appointment: its id or a unique prefix of it')
    .addHelpText('before', `Examples:
  $ practice appt ${verb.verb} 3f2a9c1b
  $ practice appt ${verb.verb} 3f2a --json id,status${'yes' in verb ? `\n  $ practice appt ${verb.verb} 3f2a --yes` : ''}${many ? `
  $ practice appt ${verb.verb} 3f2a 9c1b 77e0
  $ practice appt ${verb.verb} --all-unresolved --before today` : ''}
`)
    .addHelpText('after', `
An appointment already ${statusWord(verb.status)} is left as it is, with a notice (exit 0).`)
    .action((ids: string | string[], options: ConfirmOptions & ScopeOptions & ManyOptions & PaidOptions) => {
      checkPaidTargets(ids, options);
      if (typeof ids === 'string') return runStatus(ids, verb, options, ctx);
      return ids.length === 1 && !options.allUnresolved && options.before === undefined ? runStatus(ids[0]!, verb, options, ctx) : runStatusMany(ids, verb, options, ctx);
    });
  if ('yes' in verb) command.addOption(yesOption(verb.yes));
  if (many) {
    command.option('--all-unresolved', 'every appointment that is over and still scheduled or confirmed (see `appt unresolved`), asked once');
    command.addOption(new Option('--before <day>', 'with --all-unresolved: only those on days before this one (default: over by now)'));
  }
  if (verb.verb === 'complete') command.addOption(paidOption()).addHelpText('before', '  $ practice appt complete 3f2a --paid card\n');
  if (verb.verb === 'cancel') {
    for (const option of scopeOptions('cancel')) command.addOption(option);
    command.addHelpText('before', '  $ practice appt cancel 3f2a --following\n');
  }
  return addOutputFlags(command, FIELDS);
}

export async function runStatus(text: string, verb: StatusVerb, options: ConfirmOptions & ScopeOptions & PaidOptions, ctx: Context): Promise<void> {
  const current = await fetchAppointment(ctx, text);
  if (inScope(options)) return cancelSeries(ctx, current, options);
  if (options.paid !== undefined) checkNotCompleted(current);
  if (current.status === verb.status) {
    await reportAlready(ctx, statusWord(verb.status), current, options);
    return;
  }
  checkTransition(current, verb);
  const undo = current.status === 'completed' && verb.status === 'confirmed';
  if (undo) await confirmUndo(ctx, options.yes, current);
  if ('early' in verb) {
    const early = await notStartedConcern(ctx, current);
    await confirmConcerns(ctx, options.yes, early ? [early] : [], verb.early.action, verb.early.question);
  }
  if (options.paid !== undefined) {
    const { visit, outcome } = await completePaidVisit(ctx, current, options.paid);
    await reportChange(ctx, `${verb.done}: ${describe(visit)}`, visit, COLUMNS, options);
    return ctx.out.note(outcome);
  }
  const write = (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id), { status: verb.status });
  const [changed] = await (undo ? unlessSignedNote(ctx, current, write) : write);
  await reportChange(ctx, `${verb.done}: ${describe(changed!)}`, changed!, COLUMNS, options);
  if (verb.status === 'cancelled') await noteWhatClientWasTold(ctx, changed!);
}
