// `practice pay list`: the ledger, newest first, every entry or one client's, within --from/--to, with
// what was received net of refunds and voids on stderr.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { amountCents, formatCents } from '../../model/money.js';
import { instantAt } from '../../model/time-zone.js';
import { addDays } from '../../model/when.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { countOption, dayOption, practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { resolveClient } from '../shared/resolve.js';
import { clientNames } from './client-names.js';
import type { Payment } from '../shared/payment.js';
import { COLUMNS, FIELDS } from './shared.js';

interface ListOptions extends RowOptions {
  client?: string;
  from?: string;
  to?: string;
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List payments, refunds and voids, newest first, with the net received')
    .option('--client <client>', 'only this client\'s: name, id or id prefix')
    .option('--from <day>', 'paid on or after this day: YYYY-MM-DD, today, mon, -30d')
    .option('--to <day>', 'paid on or before this day')
    .option('--limit <rows>', 'at most this many entries (the newest)')
    .addHelpText('before', `Examples:
  $ practice pay list --client ann
  $ practice pay list --from -30d --json id,client_name,kind,amount,method
  $ practice pay list --from 2026-11-01 --to 2026-11-30 --format csv > november.csv
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const from = options.from === undefined ? undefined : await dayOption(ctx, '--from', options.from);
  const to = options.to === undefined ? undefined : await dayOption(ctx, '--to', options.to);
  if (from !== undefined && to !== undefined && from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);
  const zone = await practiceTimeZone(ctx);
  const api = await ctx.api();
  // paid_at is an instant: a day of the practice runs from its local midnight to the next.
  const request = query<Payment>().eq('therapist_id', await api.userId()).order('paid_at', 'desc').order('id', 'desc');
  const client = options.client === undefined ? null : await resolveClient(ctx, options.client);
  if (client) request.eq('client_id', client.id);
  if (from !== undefined) request.gte('paid_at', instantAt(from, '00:00', zone).toISOString());
  if (to !== undefined) request.lt('paid_at', instantAt(addDays(to, 1), '00:00', zone).toISOString());
  const entries = await readRows<Payment>(api, 'payments', request, limit);
  const names = client ? new Map([[client.id, client.name]]) : await clientNames(ctx);
  const payments = entries.map((entry) => ({ ...entry, client_name: names.get(entry.client_id) ?? '' }));
  await ctx.out.rows(payments, COLUMNS, options, 'No payments.');
  const net = payments.reduce((sum, entry) => sum + (entry.kind === 'payment' ? 1 : -1) * amountCents(entry.amount), 0);
  ctx.out.note(`Net received ${formatCents(net)} over ${payments.length} entr${payments.length === 1 ? 'y' : 'ies'}.`);
}
