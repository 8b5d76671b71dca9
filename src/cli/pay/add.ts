// `practice pay add`: records money received from a client, for a visit or on account.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { query } from '../../core/query-builder.js';
import type { Appointment, Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { CommandError } from '../errors.js';
import { amountOption } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { resolveClient, resolveRowId } from '../shared/resolve.js';
import { type EntryFlags, entryFields, recordPayment } from '../shared/payment-entry.js';
import { describePayment, type Method, methodOption } from '../shared/payment.js';
import { COLUMNS, FIELDS, noteOptions } from './shared.js';

export interface AddOptions extends EntryFlags, RowOptions {
  client: string;
  amount: string;
  method: Method;
  appointment?: string;
}

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Record a payment from a client; prints the new id')
    .requiredOption('--client <client>', 'who paid: name, id or id prefix')
    .requiredOption('--amount <amount>', 'how much, like 85 or 85.50 (more than 0)')
    .addOption(methodOption('how it was paid').makeOptionMandatory())
    .option('--appointment <id>', 'the visit it pays for (an id or prefix from `practice appt list`)')
    .option('--date <day>', 'when it was paid, if not now: YYYY-MM-DD, yesterday, -3d')
    .addHelpText('before', `Examples:
  $ practice pay add --client ann --amount 85 --method card
  $ practice pay add --client "Ann Lee" --amount 85 --method cash --appointment 3f2a9c1b --reference R-1041
  $ practice pay add --client ann --amount 120 --method insurance --date yesterday --json
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(noteOptions(command), FIELDS);
}

export async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const amount = amountOption('--amount', options.amount, { positive: true });
  const fields = await entryFields(ctx, options);
  const client = await resolveClient(ctx, options.client);
  const appointment = options.appointment === undefined ? undefined : await clientsVisit(ctx, options.appointment, client);
  const payment = await recordPayment(ctx, { kind: 'payment', client_id: client.id, appointment_id: appointment, amount, method: options.method, ...fields }, client.name);
  await reportCreated(ctx, `Recorded ${describePayment(payment)}.`, payment, COLUMNS, options);
}

/** The id of the visit --appointment names, refused unless it is the paying client's (as the service would, in fewer words). */
async function clientsVisit(ctx: Context, text: string, client: Pick<Client, 'id' | 'name'>): Promise<string> {
  const id = await resolveRowId(ctx, 'appointments', text, '--appointment');
  const [visit] = await (await ctx.api()).select<Appointment>('appointments', query<Appointment>().eq('id', id).select(['id', 'client_id', 'client_name', 'date']));
  if (!visit) throw new CommandError(`--appointment: no appointment has the id ${id}`, 'See `practice appt list` for ids.');
  if (visit.client_id !== client.id) {
    throw new CommandError(`--appointment: ${shortId(id)} on ${visit.date} is ${visit.client_name ?? 'another client'}'s visit, not ${client.name}'s`, 'Name the client who had the visit, or leave --appointment out.');
  }
  return id;
}
