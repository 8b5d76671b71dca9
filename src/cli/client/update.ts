// `practice client update <client>`: changes the fields given (by name, id or id prefix). Checked
// before sending: a bad email or no change at all is exit 2 and nothing is sent.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { CLIENT_STATUSES } from '../../model/record-values.js';
import type { Client } from '../../model/records.js';
import { nameWithId, shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { checkInput, inputSchemas } from '../shared/input.js';
import { reportChange } from '../shared/report.js';
import { resolveClient } from '../shared/resolve.js';
import { explainDuplicate } from '../shared/refusal.js';
import { type ClientFieldOptions, clientFields, COLUMNS, emailOf, FIELDS, FLAG_OF, NOT_FOUND_HINT } from './shared.js';

interface UpdateOptions extends ClientFieldOptions, RowOptions {
  status?: (typeof CLIENT_STATUSES)[number];
}

export function updateCommand(ctx: Context): Command {
  const command = new Command('update')
    .alias('edit')
    .description('Change a client\'s name, phone, email, notes or status')
    .argument('<client>', 'name, id or id prefix')
    .option('--name <name>', 'full name')
    .option('--phone <phone>', 'phone number')
    .option('--email <email>', 'email address (unique in the practice)')
    .option('--notes <text>', 'anything worth remembering')
    .option('--diagnosis <codes>', 'ICD-10 codes a superbill names, comma-separated, like M54.5,G44.2; "" clears them')
    .addOption(new Option('--status <status>', 'active, or inactive (see `client archive`)').choices(CLIENT_STATUSES))
    .addHelpText('before', `Examples:
  $ practice client update "Ann Lee" --phone 555-0199
  $ practice client update 3f2a9c1b --status active --json id,status
`)
    .action((client: string, options: UpdateOptions) => runUpdate(client, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runUpdate(text: string, options: UpdateOptions, ctx: Context): Promise<void> {
  const { clientUpdateSchema } = await inputSchemas();
  const changes = checkInput(clientUpdateSchema, { ...clientFields(options), status: options.status }, FLAG_OF);
  const client = await resolveClient(ctx, text, 'client');
  const update = (await ctx.api()).update<Client>('clients', query<Client>().eq('id', client.id), changes);
  const [updated] = await explainDuplicate(ctx, update, emailOf(changes.email, client.id));
  if (!updated) throw new CommandError(`Client ${shortId(client.id)} was not found.`, NOT_FOUND_HINT);
  await reportChange(ctx, `Updated client ${nameWithId(updated)}.`, updated, COLUMNS, options);
}
