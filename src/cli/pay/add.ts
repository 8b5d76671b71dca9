// `practice pay add`: records money received from a client, for a visit or on account.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { amountOption } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { resolveClient, resolveRowId } from '../shared/resolve.js';
import { type EntryFlags, entryFields, recordPayment } from './record.js';
import { COLUMNS, describePayment, FIELDS, type Method, methodOption, noteOptions } from './shared.js';

interface AddOptions extends EntryFlags, RowOptions {
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

async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const amount = amountOption('--amount', options.amount, { positive: true });
  const fields = await entryFields(ctx, options);
  const client = await resolveClient(ctx, options.client);
  const appointment = options.appointment === undefined ? undefined : await resolveRowId(ctx, 'appointments', options.appointment, '--appointment');
  const payment = await recordPayment(ctx, { kind: 'payment', client_id: client.id, appointment_id: appointment, amount, method: options.method, ...fields }, client.name);
  await reportCreated(ctx, `Recorded ${describePayment(payment)}.`, payment, COLUMNS, options);
}
