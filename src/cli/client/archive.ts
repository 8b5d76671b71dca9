// `practice client archive <client>`: sets the status to inactive, the way to retire a client whose
// appointments and notes must stay (the service refuses to delete those). Asks first, or needs --yes.
import { Command } from 'commander';
import { query } from '../../core/query.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { confirmation } from '../shared/confirm.js';
import { resolveClient } from '../shared/resolve.js';

export function archiveCommand(ctx: Context): Command {
  return new Command('archive')
    .description('Mark a client inactive (kept with their history; `client update --status active` undoes it)')
    .argument('<client>', 'name, id or id prefix')
    .option('-y, --yes', 'do not ask for confirmation (needed when not at a terminal)')
    .addHelpText('before', `Examples:
  $ practice client archive "Ann Lee"
  $ practice client archive 3f2a9c1b --yes
`)
    .action((client: string, options: { yes?: boolean }) => runArchive(client, options, ctx));
}

export async function runArchive(text: string, options: { yes?: boolean }, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Archiving a client');
  const client = await resolveClient(ctx, text, 'client');
  const label = `${client.name} (${shortId(client.id)})`;
  await ask(`Archive client ${label}?`);
  const [archived] = await (await ctx.api()).update<Client>('clients', query<Client>().eq('id', client.id), { status: 'inactive' });
  if (!archived) throw new CommandError(`Client ${label} was not found.`, 'See `practice client list`.');
  ctx.out.success(`Archived client ${label}.`);
}
