// `practice appt reschedule <id>`: move an appointment to another day or start, keeping its length
// unless --end says otherwise. The service refuses an overlap (409) and names the other appointment;
// moving a held visit is asked first, and refused while a signed note records it (shared/held-visit.ts). A
// client reminded of the old time is said to be told by the next `practice remind`.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import { addMinutes, minutesOfDay } from '../../model/when.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { ConfirmOptions } from '../shared/confirm.js';
import { checkInput, dayOption, inputSchemas, parseFlag, timeOption } from '../shared/input.js';
import { reportChange } from '../shared/report.js';
import { bookingConcerns, confirmConcerns, pastConcern } from './shared/concerns.js';
import { heldVisitConcern } from './shared/held-visit.js';
import { noteWhatClientWasTold } from './shared/told-note.js';
import { rescheduleSeries } from './series/reschedule.js';
import { inScope, type ScopeOptions, scopeOptions } from './series/scope.js';
import { bookingYes, clock, COLUMNS, describe, fetchAppointment, FIELDS, FLAG_OF } from './shared/appointment.js';
import { unlessSignedNote } from './shared/undo-completion.js';

export interface RescheduleOptions extends ConfirmOptions, ScopeOptions {
  date?: string;
  start?: string;
  end?: string;
}

export function rescheduleCommand(ctx: Context): Command {
  const command = new Command('reschedule')
    .alias('move')
    .description('Move an appointment to another day or time, keeping its length')
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .option('--date <day>', 'the new day: today, tomorrow, mon, +3d or 2026-11-23')
    .option('--start <time>', 'the new start: 9, 9:30, 14:00 or 2pm')
    .option('--end <time>', 'the new end (default: the new start plus the old length)')
    .addOption(bookingYes(true))
    .addHelpText('before', `Examples:
  $ practice appt reschedule 3f2a9c1b --date fri
  $ practice appt reschedule 3f2a --start 11 --following
  $ practice appt reschedule 3f2a --date wed --start 11 --series
  $ practice appt reschedule 3f2a --date +1w --start 15:30
  $ practice appt reschedule 3f2a --start 18 --yes
`)
    .action((id: string, options: RescheduleOptions) => runReschedule(id, options, ctx));
  for (const option of scopeOptions('move')) command.addOption(option);
  return addOutputFlags(command, FIELDS);
}

export async function runReschedule(text: string, options: RescheduleOptions, ctx: Context): Promise<void> {
  const { appointmentUpdateSchema } = await inputSchemas();
  if (options.date === undefined && options.start === undefined && options.end === undefined) {
    throw new UsageError((name) => `Name the new ${name('--date')}, ${name('--start')} or ${name('--end')}.`);
  }
  const date = options.date === undefined ? undefined : await dayOption(ctx, '--date', options.date);
  const start = options.start === undefined ? undefined : timeOption('--start', options.start);
  const end = options.end === undefined ? undefined : timeOption('--end', options.end);
  checkInput(appointmentUpdateSchema, { date, start_time: start, end_time: end }, FLAG_OF);

  const current = await fetchAppointment(ctx, text);
  const start_time = start ?? clock(current.start_time);
  const length = minutesOfDay(clock(current.end_time)) - minutesOfDay(clock(current.start_time));
  const changes = checkInput(appointmentUpdateSchema, {
    date: date ?? current.date,
    start_time,
    end_time: end ?? parseFlag('--start', () => addMinutes(start_time, length)),
  }, FLAG_OF);
  if (inScope(options)) return rescheduleSeries(ctx, current, { date: changes.date!, start_time: changes.start_time!, end_time: changes.end_time!,
    startGiven: start !== undefined, endGiven: end !== undefined }, options);
  const held = await heldVisitConcern(ctx, current, changes);
  const slot = { date: changes.date!, start: changes.start_time!, end: changes.end_time! };
  // A held visit moved is asked about as held; an open one moved into the past as a booking would be.
  const [past, concerns] = await Promise.all([held ? null : pastConcern(ctx, slot, current.status), bookingConcerns(ctx, { when: slot })]);
  await confirmConcerns(ctx, options.yes, [held, past, ...concerns].filter((concern) => concern !== null), 'Moving an appointment', 'Move it anyway?');
  const write = (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', current.id), changes);
  const [moved] = await unlessSignedNote(ctx, current, write);
  await reportChange(ctx, `Rescheduled ${describe(moved!)}`, moved!, COLUMNS, options);
  await noteWhatClientWasTold(ctx, moved!);
}
