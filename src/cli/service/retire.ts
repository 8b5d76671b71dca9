// `practice service retire <service>`: takes a service off the menu (active=false) without deleting
// it, so past appointments keep their service; asks first, or needs --yes when nobody can be asked.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import type { Service } from '../../model/records.js';
import { nameWithId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, writeConfirmed, yesOption } from '../shared/confirm.js';
import { reportChange } from '../shared/report.js';
import { resolveService } from '../shared/resolve.js';
import { COLUMNS, FIELDS } from './shared.js';

export function retireCommand(ctx: Context): Command {
  const command = new Command('retire')
    .description('Take a service off the menu (its past appointments keep it)')
    .argument('<service>', 'the service: its name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice service retire "Hot stone 45"
  $ practice service retire 3f2a --yes --json id,active
`)
    .action((text: string, options: ConfirmOptions) => runRetire(text, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runRetire(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const retired = await writeConfirmed(ctx, options.yes, text, {
    action: 'Retiring a service',
    resolve: (ctx, text) => resolveService(ctx, text, '<service>'),
    question: (service) => `Retire ${nameWithId(service)}?`,
    send: (api, id) => api.update<Service>('service_menu', query<Service>().eq('id', id), { active: false }),
    notFound: (service) => `Service ${nameWithId(service)} was not found.`,
    hint: 'See `practice service list --all`.',
  });
  await reportChange(ctx, `Retired ${nameWithId(retired)}; \`practice service list --all\` still shows it.`, retired, COLUMNS, options);
}
