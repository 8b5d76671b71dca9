// `practice client delete <client>`: removes a client outright. The service refuses (409) while
// appointments, notes or messages name the client; the CLI's hint then points to `client archive`.
// Asks first, or --yes.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Client } from '../../model/records.js';
import { nameWithId, shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, writeConfirmed, yesOption } from '../shared/confirm.js';
import { removeById } from '../shared/delete.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { reportChange } from '../shared/report.js';
import { resolveClient } from '../shared/resolve.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT } from './shared.js';

export function deleteCommand(ctx: Context): Command {
  const command = new Command('delete')
    .alias('rm')
    .description('Delete a client who has no appointments or notes (else archive them)')
    .argument('<client>', 'name, id or id prefix')
    .addOption(yesOption())
    .addHelpText('before', `Examples:
  $ practice client delete "Typo Name"
  $ practice client delete 3f2a9c1b --yes --json id,name
`)
    .action((client: string, options: ConfirmOptions) => runDelete(client, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runDelete(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const deleted = await writeConfirmed(ctx, options.yes, text, {
    action: 'Deleting a client',
    resolve: (ctx, text) => resolveClient(ctx, text, 'client'),
    question: (client) => `Delete client ${nameWithId(client)}? This cannot be undone.`,
    // 23503, foreign_key_violation: a trigger of the service counts what refers to the client.
    send: (api, id) => hintOnRefusal(removeById<Client>(api, 'clients', id), { status: 409, code: '23503' },
      `Archive the client instead; their history stays: \`practice client archive ${shortId(id)}\`.`),
    notFound: (client) => `Client ${nameWithId(client)} was not found.`,
    hint: NOT_FOUND_HINT,
  });
  await reportChange(ctx, `Deleted client ${nameWithId(deleted)}.`, deleted, COLUMNS, options);
}
