// `practice service delete <service>`: removes a service from the menu for good. The service refuses
// (409) while appointments are booked with it; retiring keeps it for them. Asks first, or --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query.js';
import type { Service } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { type ConfirmOptions, confirmation, yesOption } from '../shared/confirm.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { reportChange } from '../shared/report.js';
import { resolveService } from '../shared/resolve.js';
import { SERVICE_COLUMNS, SERVICE_FIELDS } from './fields.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete a service no appointment is booked with (else retire it)')
    .argument('<service>', 'the service: its name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice service delete "Typo 60"
  $ practice service delete 3f2a --yes --json id,name
`)
    .action((text: string, options: ConfirmOptions) => runDelete(text, options, ctx));
  return addOutputFlags(command, SERVICE_FIELDS);
}

export async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Deleting a service');
  const service = await resolveService(ctx, text, '<service>');
  const label = `${service.name} (${shortId(service.id)})`;
  await ask(`Delete ${label} from the menu? This cannot be undone.`);
  const request = (await ctx.api()).remove<Service>('service_menu', query<Service>().eq('id', service.id));
  // 23503, foreign_key_violation: a trigger of the service names the appointments booked with it.
  const retire = `Retire it instead; its appointments keep it: \`practice service retire ${shortId(service.id)}\`.`;
  const [deleted] = await hintOnRefusal(request, { status: 409, code: '23503' }, retire);
  if (!deleted) throw new CommandError(`Service ${label} was not found.`, 'See `practice service list --all`.');
  await reportChange(ctx, `Deleted ${label} from the menu.`, deleted, SERVICE_COLUMNS, options);
}
