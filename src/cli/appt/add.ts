// `practice appt add`: book a client. Names resolve to ids, the end comes from the service when not
// given, and the create carries its own id so the core may retry it safely. A booking in the past is
// asked first (shared/concerns.ts), unless it records a visit held (--status completed). --first-free takes the
// next free slot when another booking wins the one it chose (shared/pick-slot.ts).
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { addMinutes } from '../../model/when.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { ConfirmOptions } from '../shared/confirm.js';
import { amountOption, checkInput, dayOption, inputSchemas, parseFlag, timeOption } from '../shared/input.js';
import { resolveClient, resolveService } from '../shared/resolve.js';
import { reportCreated } from '../shared/report.js';
import { bookSeries, type SeriesFlags, seriesPlan } from './series/book.js';
import { bookingConcerns, confirmConcerns, pastConcern } from './shared/concerns.js';
import { insertAtFirstFree, pickSlot, type SlotFlags, slotSearch } from './shared/pick-slot.js';
import { bookingYes, COLUMNS, describe, FIELDS, FLAG_OF } from './shared/appointment.js';

export interface AddOptions extends ConfirmOptions, SlotFlags, SeriesFlags {
  client: string;
  end?: string;
  service?: string;
  notes?: string;
  status?: string;
  price?: string;
}

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Book an appointment; prints the new id')
    .requiredOption('--client <client>', 'the client: a name, an id or an id prefix')
    .option('--date <day>', 'the day: today, tomorrow, mon, +3d or 2026-11-23')
    .option('--start <time>', "the start: 9, 9:30, 14:00 or 2pm (default at a terminal: choose from the day's free slots of --service)")
    .option('--first-free', 'book the earliest free slot of --service: on --date, or from --from on')
    .option('--from <day>', 'with --first-free: the first day to look at (default: today)')
    .option('--end <time>', 'the end (default: start plus the duration of --service)')
    .option('--service <service>', 'the service: a name, an id or an id prefix')
    .option('--notes <text>', 'notes on the appointment')
    .option('--price <amount>', "this booking's price, like 70 or 69.50 (default: the service's, kept as it is then)")
    .addOption(new Option('--status <status>', 'the status to book in (default: scheduled); completed records a visit held').choices(['scheduled', 'confirmed', 'completed']))
    .option('--repeat <rule>', "book a series: weekly, biweekly, monthly or 'every N weeks' (with --count or --until)")
    .option('--count <n>', 'how many appointments the series has, the first included')
    .option('--until <day>', 'the last day the series may fall on')
    .option('--skip-conflicts', 'book the days of the series that are free and list the ones skipped (default: book none)')
    .addOption(bookingYes())
    .addHelpText('before', `Examples:
  $ practice appt add --client "Ann Lee" --date tomorrow --start 9 --service "Swedish 60"
  $ practice appt add --client 3f2a9c1b --date 2026-11-23 --start 14:00 --end 15:30 --status confirmed
  $ practice appt add --client ann --date sat --start 10 --end 11 --yes
  $ practice appt add --client ann --service "swedish 60" --date mon --start 9 --price 70
  $ practice appt add --client ann --service "swedish 60" --date yesterday --start 15 --status completed
  $ practice appt add --client ann --service "swedish 60" --date fri
  $ practice appt add --client ann --service "swedish 60" --first-free --from mon
  $ practice appt add --client ann --service "swedish 60" --date tue --start 10 --repeat weekly --count 8
  $ practice appt add --client ann --date 2026-12-01 --start 10 --end 11 --repeat "every 3 weeks" --until 2027-06-30 --skip-conflicts
`)
    .addHelpText('after', `
With --repeat the days of the series are checked first (overlaps, closed days, hours) and booked
together in one request, or not at all; it prints the new ids, one a line (--json: an array).`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const { appointmentCreateSchema, appointmentUpdateSchema } = await inputSchemas();
  // What can be checked without the service is checked first: a mistake sends nothing.
  const search = await slotSearch(ctx, options);
  const date = options.date === undefined ? undefined : await dayOption(ctx, '--date', options.date);
  const start = options.start === undefined ? undefined : timeOption('--start', options.start);
  const end = options.end === undefined ? undefined : timeOption('--end', options.end);
  if (end === undefined && options.service === undefined) throw UsageError.about('--end', (name) => `needed when there is no ${name('--service')} to take the duration from`);
  const price = options.price === undefined ? undefined : amountOption('--price', options.price);
  const series = await seriesPlan(ctx, options);
  const given = { date, start_time: start, end_time: end, status: options.status, notes: options.notes, price };
  // --first-free may leave every one of them to the slot; the update schema refuses an empty body.
  if (Object.values(given).some((value) => value !== undefined)) checkInput(appointmentUpdateSchema, given, FLAG_OF);

  const client = await resolveClient(ctx, options.client);
  const service = options.service === undefined ? undefined : await resolveService(ctx, options.service);
  const when = search === null ? { date: date!, start: start! } : await pickSlot(ctx, search, service!);
  const end_time = end ?? parseFlag('--start', () => addMinutes(when.start, service!.duration));
  const row = checkInput(appointmentCreateSchema, {
    id: crypto.randomUUID(), date: when.date, start_time: when.start, end_time, client_id: client.id, client_name: client.name,
    service_id: service?.id, status: options.status, notes: options.notes, price,
  }, FLAG_OF);
  // A series starts where the single booking would have: at --start, or at the slot chosen.
  if (series) return bookSeries(ctx, row, series, options, options);
  const slot = { date: when.date, start: when.start, end: end_time };
  const [past, concerns] = await Promise.all([pastConcern(ctx, slot, options.status), bookingConcerns(ctx, { when: slot, clientId: client.id, serviceId: service?.id })]);
  await confirmConcerns(ctx, options.yes, past ? [past, ...concerns] : concerns, 'Booking an appointment', 'Book it anyway?');
  const api = await ctx.api();
  const created = search?.kind === 'first'
    ? await insertAtFirstFree(api, ctx, row, search, service!)
    : (await api.insert<Appointment>('appointments', row))[0];
  await reportCreated(ctx, `Booked ${describe(created!)}`, created!, COLUMNS, options);
}
