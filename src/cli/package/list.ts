// `practice package list`: every package (or one client's) with the visits it has covered and has
// left, derived by the service from the completed visits (rpc/package_usage), open ones first.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { PAYMENTS_SCHEMA_VERSION, readAnswer } from '../shared/answers.js';
import { dayOption } from '../shared/input.js';
import { resolveClient } from '../shared/resolve.js';
import { money } from '../shared/payment.js';
import type { PackageUsage } from './shared.js';

const FIELDS = ['id', 'client_id', 'client_name', 'service_id', 'service_name', 'visits', 'used', 'visits_left', 'price', 'sold_on', 'expires_on', 'open'];

const COLUMNS: Column<PackageUsage>[] = [
  { key: 'id', format: shortId },
  { key: 'client_name', header: 'CLIENT' },
  { key: 'service_name', header: 'SERVICE' },
  { key: 'visits' },
  { key: 'visits_left', header: 'LEFT' },
  { key: 'price', format: money },
  { key: 'sold_on', header: 'SOLD' },
  { key: 'expires_on', header: 'EXPIRES', format: (day) => day ?? '' },
  { key: 'open', format: (open, row) => (open ? 'open' : row.visits_left === 0 ? 'used up' : 'expired') },
];

interface ListOptions extends RowOptions {
  client?: string;
  open?: boolean;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List packages with the visits they have left')
    .option('--client <client>', 'only this client\'s: name, id or id prefix')
    .option('--open', 'only packages that still cover visits')
    .addHelpText('before', `Examples:
  $ practice package list
  $ practice package list --client ann --open
  $ practice package list --json client_name,service_name,visits_left,expires_on
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const today = await dayOption(ctx, '--client', 'today');
  const client = options.client === undefined ? null : (await resolveClient(ctx, options.client)).id;
  const packages = await readAnswer<PackageUsage>(await ctx.api(), 'package_usage', { for_client: client, as_of: today }, PAYMENTS_SCHEMA_VERSION);
  const shown = options.open ? packages.filter((row) => row.open) : packages;
  await ctx.out.rows(shown, COLUMNS, options, options.open ? 'No open packages.' : 'No packages.');
}
