// `practice service update <service>`: changes the named fields of one service, PATCH service_menu?
// id=eq.<id>. The service is named by name, id or id prefix; appointments keep pointing at it.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Service } from '../../model/records.js';
import { nameWithId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { explainDuplicate } from '../shared/refusal.js';
import { resolveService } from '../shared/resolve.js';
import { reportChange } from '../shared/report.js';
import { addServiceFlags, COLUMNS, FIELDS, nameOf, serviceBody, type ServiceFlags } from './shared.js';
import { inputSchemas } from '../shared/input.js';

type UpdateOptions = ServiceFlags & RowOptions;

export function updateCommand(ctx: Context): Command {
  const command = new Command('update')
    .description('Change the name, duration, price, description or buffer of a service')
    .argument('<service>', 'the service: its name, id or id prefix')
    .addHelpText('before', `Examples:
  $ practice service update "Swedish 60" --price 85
  $ practice service update 3f2a --duration 75 --buffer 10
`)
    .action((text: string, options: UpdateOptions) => runUpdate(text, options, ctx));
  return addOutputFlags(addServiceFlags(command, false), FIELDS);
}

async function runUpdate(text: string, options: UpdateOptions, ctx: Context): Promise<void> {
  const { serviceUpdateSchema } = await inputSchemas();
  // Checked before the service is looked up: a bad flag sends nothing at all.
  const changes = serviceBody(serviceUpdateSchema, options);
  const { id } = await resolveService(ctx, text, '<service>');
  const update = (await ctx.api()).update<Service>('service_menu', query<Service>().eq('id', id), changes);
  const [service] = await explainDuplicate(ctx, update, nameOf(changes.name, id));
  await reportChange(ctx, `Updated ${nameWithId(service!)}.`, service!, COLUMNS, options);
}
