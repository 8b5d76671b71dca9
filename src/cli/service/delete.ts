// `practice service delete <service>`: removes a service from the menu for good. The service refuses
// (409) while appointments are booked with it; retiring keeps it for them. Asks first, or --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Service } from '../../model/records.js';
import { nameWithId, shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, writeConfirmed, yesOption } from '../shared/confirm.js';
import { removeById } from '../shared/delete.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { reportChange } from '../shared/report.js';
import { resolveService } from '../shared/resolve.js';
import { COLUMNS, FIELDS } from './shared.js';

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
  return addOutputFlags(command, FIELDS);
}

async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const deleted = await writeConfirmed(ctx, options.yes, text, {
    action: 'Deleting a service',
    resolve: (ctx, text) => resolveService(ctx, text, '<service>'),
    question: (service) => `Delete ${nameWithId(service)} from the menu? This cannot be undone.`,
    // 23503, foreign_key_violation: a trigger of the service names the appointments booked with it.
    send: (api, id) => hintOnRefusal(removeById<Service>(api, 'service_menu', id), { status: 409, code: '23503' },
      `Retire it instead; its appointments keep it: \`practice service retire ${shortId(id)}\`.`),
    notFound: (service) => `Service ${nameWithId(service)} was not found.`,
    hint: 'See `practice service list --all`.',
  });
  await reportChange(ctx, `Deleted ${nameWithId(deleted)} from the menu.`, deleted, COLUMNS, options);
}
