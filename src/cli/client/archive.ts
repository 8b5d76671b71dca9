// `practice client archive <client>`: sets the status to inactive, the way to retire a client whose
// appointments and notes must stay (the service refuses to delete those). Asks first, or needs --yes.
// Their bookings ahead are listed and offered for cancelling; an archived client gets no reminders.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import type { Client } from '../../model/records.js';
import { nameWithId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { type ConfirmOptions, writeConfirmed, yesOption } from '../shared/confirm.js';
import { reportChange } from '../shared/report.js';
import { resolveClient } from '../shared/resolve.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT } from './shared.js';
import { cancelBookedOption, type CancelBookedOptions, offerToCancel } from '../shared/offer-cancel.js';
import { BOOKED_STATUSES } from '../../model/appointment-status.js';
import type { Appointment } from '../../model/records.js';
import { todayIn } from '../../model/when.js';
import { practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';

export function archiveCommand(ctx: Context): Command {
  const command = new Command('archive')
    .description('Mark a client inactive (kept with their history; `client update --status active` undoes it)')
    .argument('<client>', 'name, id or id prefix')
    .addOption(yesOption())
    .addOption(cancelBookedOption())
    .addHelpText('before', `Examples:
  $ practice client archive "Ann Lee"
  $ practice client archive 3f2a9c1b --yes --json id,status
  $ practice client archive "Ann Lee" --yes --cancel-booked
`)
    .action((client: string, options: ConfirmOptions & CancelBookedOptions) => runArchive(client, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runArchive(text: string, options: ConfirmOptions & CancelBookedOptions, ctx: Context): Promise<void> {
  const archived = await writeConfirmed(ctx, options.yes, text, {
    action: 'Archiving a client',
    resolve: (ctx, text) => resolveClient(ctx, text, 'client'),
    question: (client) => `Archive client ${nameWithId(client)}?`,
    send: (api, id) => api.update<Client>('clients', query<Client>().eq('id', id), { status: 'inactive' }),
    notFound: (client) => `Client ${nameWithId(client)} was not found.`,
    hint: NOT_FOUND_HINT,
  });
  await reportChange(ctx, `Archived client ${nameWithId(archived)}.`, archived, COLUMNS, options);
  const today = todayIn(ctx.now(), await practiceTimeZone(ctx));
  const ahead = await readRows<Appointment>(await ctx.api(), 'appointments', query<Appointment>()
    .eq('client_id', archived.id).gte('date', today).in('status', BOOKED_STATUSES).order('date').order('start_time'));
  await offerToCancel(ctx, ahead, `${archived.name} is booked ahead`, options);
}
