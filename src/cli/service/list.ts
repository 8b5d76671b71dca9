// `practice service list`: the practice's service menu by name, GET service_menu?therapist_id=eq.<me>
// &order=name.asc, in Range pages past the service's row cap. Retired services (active=false) are left
// out unless --all asks for them.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Service } from '../../model/records.js';
import type { Context } from '../context.js';
import { readRows } from '../shared/read-ranged.js';
import { COLUMNS, FIELDS } from './shared.js';

export interface ListOptions extends RowOptions {
  all?: boolean;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List the services of the menu, by name')
    .option('-a, --all', 'include retired services')
    .addHelpText('before', `Examples:
  $ practice service list
  $ practice service list --all --json name,duration,price
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const q = query<Service>().eq('therapist_id', await api.userId()).order('name');
  const fields = requestedFields(options) as (keyof Service & string)[] | null;
  // The filter is applied here rather than as active=eq.true, so a backend without the column (one
  // that knows only INTERFACE.md) still lists its menu; it needs the column when --json names fields.
  if (fields) q.select(options.all || fields.includes('active') ? fields : [...fields, 'active']);
  const services = await readRows<Service>(api, 'service_menu', q);
  const shown = options.all ? services : services.filter((service) => service.active !== false);
  await ctx.out.rows(shown, COLUMNS, options, options.all ? 'No services yet.' : 'No active services.');
}
