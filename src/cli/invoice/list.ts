// `practice invoice list`: invoices and credit notes, newest first, every client's or one's, in a year.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { resolveClient } from '../shared/resolve.js';
import { COLUMNS, FIELDS, type Invoice } from './shared.js';

interface ListOptions extends RowOptions {
  client?: string;
  year?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List invoices and credit notes, newest first')
    .option('--client <client>', 'only this client\'s: name, id or id prefix')
    .option('--year <YYYY>', 'only those issued in this year')
    .addHelpText('before', `Examples:
  $ practice invoice list
  $ practice invoice list --client ann --year 2026
  $ practice invoice list --json number,issued_on,gross
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  if (options.year !== undefined && !/^\d{4}$/.test(options.year)) throw new UsageError(`--year: expected a year like 2026; got '${options.year}'`);
  const api = await ctx.api();
  const request = query<Invoice>().order('issued_on', 'desc').order('number', 'desc');
  if (options.client !== undefined) request.eq('client_id', (await resolveClient(ctx, options.client)).id);
  if (options.year !== undefined) request.gte('issued_on', `${options.year}-01-01`).lte('issued_on', `${options.year}-12-31`);
  await ctx.out.rows(await api.select<Invoice>('invoices', request), COLUMNS, options, 'No invoices.');
}
