// `practice service retire <service>`: takes a service off the menu (active=false) without deleting
// it, so past appointments keep their service; asks first, or needs --yes when nobody can be asked.
import { Command } from 'commander';
import { query } from '../../core/query.js';
import type { Service } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { confirmation } from '../shared/confirm.js';
import { resolveService } from '../shared/resolve.js';

interface RetireOptions {
  yes?: boolean;
}

export function retireCommand(ctx: Context): Command {
  return new Command('retire')
    .description('Take a service off the menu (its past appointments keep it)')
    .argument('<service>', 'the service: its name, id or id prefix')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('before', `Examples:
  $ practice service retire "Hot stone 45"
  $ practice service retire 3f2a --yes
`)
    .action((text: string, options: RetireOptions) => runRetire(text, options, ctx));
}

export async function runRetire(text: string, options: RetireOptions, ctx: Context): Promise<void> {
  const ask = confirmation(ctx, options.yes, 'Retiring a service');
  const service = await resolveService(ctx, text, '<service>');
  const label = `${service.name} (${shortId(service.id)})`;
  await ask(`Retire ${label}?`);
  await (await ctx.api()).update<Service>('service_menu', query<Service>().eq('id', service.id), { active: false });
  ctx.out.success(`Retired ${label}; \`practice service list --all\` still shows it.`);
}
