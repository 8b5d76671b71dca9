// `practice client delete <client>`: removes a client outright. The service refuses (409) while
// appointments, notes or messages name the client; the CLI's hint then points to `client archive`.
// Asks first, or --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { type ConfirmOptions, confirmation, yesOption } from '../shared/confirm.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { reportChange } from '../shared/report.js';
import { resolveClient } from '../shared/resolve.js';
import { CLIENT_COLUMNS, CLIENT_FIELDS } from './columns.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete a client who has no appointments or notes (else archive them)')
    .argument('<client>', 'name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice client delete "Typo Name"
  $ practice client delete 3f2a9c1b --yes --json id,name
`)
    .action((client: string, options: ConfirmOptions) => runDelete(client, options, ctx));
  return addOutputFlags(command, CLIENT_FIELDS);
}

export async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Deleting a client');
  const client = await resolveClient(ctx, text, 'client');
  const label = `${client.name} (${shortId(client.id)})`;
  await ask(`Delete client ${label}? This cannot be undone.`);
  const request = (await ctx.api()).remove<Client>('clients', query<Client>().eq('id', client.id));
  // 23503, foreign_key_violation: a trigger of the service counts what refers to the client.
  const archive = `Archive the client instead; their history stays: \`practice client archive ${shortId(client.id)}\`.`;
  const [deleted] = await hintOnRefusal(request, { status: 409, code: '23503' }, archive);
  if (!deleted) throw new CommandError(`Client ${label} was not found.`, 'See `practice client list`.');
  await reportChange(ctx, `Deleted client ${label}.`, deleted, CLIENT_COLUMNS, options);
}
