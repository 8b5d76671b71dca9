// `practice service add`: a new service on the menu, POST service_menu with a client-chosen id so a
// retried request cannot add it twice. A name already on the menu is refused (409), naming that service.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Service } from '../../model/records.js';
import { nameWithId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { explainDuplicate } from '../shared/refusal.js';
import { reportCreated } from '../shared/report.js';
import { addServiceFlags, COLUMNS, FIELDS, nameOf, serviceBody, type ServiceFlags } from './shared.js';
import { inputSchemas } from '../shared/input.js';

type AddOptions = ServiceFlags & RowOptions;

export function addCommand(ctx: Context): Command {
  const command = new Command('add')
    .description('Add a service to the menu; prints the new id')
    .addHelpText('before', `Examples:
  $ practice service add --name "Swedish 60" --duration 60 --price 80
  $ practice service add --name "Deep tissue 90" --duration 90 --price 125.50 --buffer 15 --description "Slow, firm pressure"
`)
    .action((options: AddOptions) => runAdd(options, ctx));
  return addOutputFlags(addServiceFlags(command, true), FIELDS);
}

async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const { serviceCreateSchema } = await inputSchemas();
  const body = serviceBody(serviceCreateSchema, options, { id: crypto.randomUUID() });
  const insert = (await ctx.api()).insert<Service>('service_menu', body);
  const [service] = await explainDuplicate(ctx, insert, nameOf(body.name));
  await reportCreated(ctx, `Added ${nameWithId(service!)} to the menu.`, service!, COLUMNS, options);
}
