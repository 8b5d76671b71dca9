// `practice client list`: the practice's clients by name (INTERFACE.md "Clients: List"), optionally
// only those of one status, every one or the first --limit, in Range pages past the service's row
// cap; --json fields become `select=` so only they are fetched.
import { Command, Option } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { CLIENT_STATUSES } from '../../model/record-values.js';
import type { Client } from '../../model/records.js';
import type { Context } from '../context.js';
import { countOption } from '../shared/input.js';
import { printList } from '../shared/print-list.js';
import { COLUMNS, FIELDS } from './shared.js';

interface ListOptions extends RowOptions {
  status?: (typeof CLIENT_STATUSES)[number];
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List clients by name')
    .addOption(new Option('--status <status>', 'only clients of this status').choices(CLIENT_STATUSES))
    .option('--limit <rows>', 'at most this many clients')
    .addHelpText('before', `Examples:
  $ practice client list
  $ practice client list --status active --limit 20
  $ practice client list --json name,email
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);
  const api = await ctx.api();
  const request = query<Client>().eq('therapist_id', await api.userId()).order('name', 'asc');
  if (options.status) request.eq('status', options.status);
  const fields = requestedFields(options);
  if (fields) request.select(fields as (keyof Client & string)[]);
  await printList(ctx, api, 'clients', request, limit, COLUMNS, options, 'No clients.');
}
