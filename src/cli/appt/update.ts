// `practice appt update <id>`: change any of an appointment's fields but its status (the status verbs
// check transitions). Only the flags given are sent, as one PATCH filtered by id. Changing a held
// visit's day, times, service or price is asked first, and refused while a signed note records it.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import type { ConfirmOptions } from '../shared/confirm.js';
import { amountOption, checkInput, countOption, dayOption, inputSchemas, timeOption } from '../shared/input.js';
import { resolveClient, resolveRowId, resolveService } from '../shared/resolve.js';
import { reportChange } from '../shared/report.js';
import { bookingConcerns, confirmConcerns } from './shared/concerns.js';
import { noteWhatClientWasTold } from './shared/told-note.js';
import { heldVisitConcern } from './shared/held-visit.js';
import { bookingYes, clock, COLUMNS, describe, fetchAppointment, FIELDS, FLAG_OF, NOT_FOUND_HINT } from './shared/appointment.js';
import { unlessSignedNote } from './shared/undo-completion.js';

interface UpdateOptions extends ConfirmOptions {
  date?: string;
  start?: string;
  end?: string;
  client?: string;
  service?: string;
  notes?: string;
  clearNotes?: boolean;
  price?: string;
  buffer?: string;
}

export function updateCommand(ctx: Context): Command {
  const command = new Command('update')
    .alias('edit')
    .description('Change an appointment (for its status: confirm, complete, cancel, no-show)')
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .option('--date <day>', 'the day: today, tomorrow, mon, +3d or 2026-11-23')
    .option('--start <time>', 'the start: 9, 9:30, 14:00 or 2pm')
    .option('--end <time>', 'the end')
    .option('--client <client>', 'the client: a name, an id or an id prefix')
    .option('--service <service>', 'the service: a name, an id or an id prefix')
    .option('--notes <text>', 'replace the notes')
    .option('--clear-notes', 'remove the notes')
    .option('--price <amount>', "this booking's price, like 70 or 69.50 (kept when the service's price changes)")
    .option('--buffer <minutes>', 'minutes kept free after it (default: what the service had at booking)')
    .addOption(bookingYes(true))
    .addHelpText('before', `Examples:
  $ practice appt update 3f2a9c1b --notes "bring the hot stones"
  $ practice appt update 3f2a --start 10 --end 11:30
  $ practice appt update 3f2a --service "hot stone 90" --yes
  $ practice appt update 3f2a --price 60
`)
    .action((id: string, options: UpdateOptions) => runUpdate(id, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runUpdate(text: string, options: UpdateOptions, ctx: Context): Promise<void> {
  const { appointmentUpdateSchema } = await inputSchemas();
  const fields = {
    date: options.date === undefined ? undefined : await dayOption(ctx, '--date', options.date),
    start_time: options.start === undefined ? undefined : timeOption('--start', options.start),
    end_time: options.end === undefined ? undefined : timeOption('--end', options.end),
    notes: options.clearNotes ? null : options.notes,
    price: options.price === undefined ? undefined : amountOption('--price', options.price),
    buffer_minutes: options.buffer === undefined ? undefined : countOption('--buffer', options.buffer),
  };
  // The flags that need no lookup are checked before any request (an end before the start, no change at all).
  const named = options.client !== undefined || options.service !== undefined;
  if (!named || Object.values(fields).some((value) => value !== undefined)) checkInput(appointmentUpdateSchema, fields, FLAG_OF);
  // A new day or time is checked against the hours with what it keeps of the current one, and a
  // held visit's terms (day, times, service, price) against what it was held as.
  const moved = fields.date !== undefined || fields.start_time !== undefined || fields.end_time !== undefined;
  const current = moved || fields.price !== undefined || options.service !== undefined ? await fetchAppointment(ctx, text) : undefined;
  const id = current?.id ?? await resolveRowId(ctx, 'appointments', text);
  const client = options.client === undefined ? undefined : await resolveClient(ctx, options.client);
  const service = options.service === undefined ? undefined : await resolveService(ctx, options.service);
  const changes = checkInput(appointmentUpdateSchema, { ...fields, client_id: client?.id, client_name: client?.name, service_id: service?.id }, FLAG_OF);
  const held = current && await heldVisitConcern(ctx, current, changes);
  const when = moved && current ? {
    date: changes.date ?? current.date,
    start: changes.start_time ?? clock(current.start_time),
    end: changes.end_time ?? clock(current.end_time),
  } : undefined;
  const concerns = await bookingConcerns(ctx, { when, clientId: client?.id, serviceId: service?.id });
  await confirmConcerns(ctx, options.yes, held ? [held, ...concerns] : concerns, 'Changing an appointment', 'Change it anyway?');
  const write = (await ctx.api()).update<Appointment>('appointments', query<Appointment>().eq('id', id), changes);
  const [updated] = await (current ? unlessSignedNote(ctx, current, write) : write);
  if (!updated) throw new CommandError(`No appointment has the id ${id}.`, NOT_FOUND_HINT);
  await reportChange(ctx, `Updated ${describe(updated)}`, updated, COLUMNS, options);
  if (moved) await noteWhatClientWasTold(ctx, updated);
}
