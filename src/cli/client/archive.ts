// `practice client archive <client>`: sets the status to inactive, the way to retire a client whose
// appointments and notes must stay (the service refuses to delete those). Asks first, or needs --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { type ConfirmOptions, confirmation, yesOption } from '../shared/confirm.js';
import { reportChange } from '../shared/report.js';
import { resolveClient } from '../shared/resolve.js';
import { CLIENT_COLUMNS, CLIENT_FIELDS } from './columns.js';

export function archiveCommand(ctx: Context): Command {
  const command = new Command('archive')
    .description('Mark a client inactive (kept with their history; `client update --status active` undoes it)')
    .argument('<client>', 'name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice client archive "Ann Lee"
  $ practice client archive 3f2a9c1b --yes --json id,status
`)
    .action((client: string, options: ConfirmOptions) => runArchive(client, options, ctx));
  return addOutputFlags(command, CLIENT_FIELDS);
}

export async function runArchive(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Archiving a client');
  const client = await resolveClient(ctx, text, 'client');
  const label = `${client.name} (${shortId(client.id)})`;
  await ask(`Archive client ${label}?`);
  const [archived] = await (await ctx.api()).update<Client>('clients', query<Client>().eq('id', client.id), { status: 'inactive' });
  if (!archived) throw new CommandError(`Client ${label} was not found.`, 'See `practice client list`.');
  await reportChange(ctx, `Archived client ${label}.`, archived, CLIENT_COLUMNS, options);
}
