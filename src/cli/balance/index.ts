// `practice balance`: what each client was billed (completed visits at their kept price, less those a
// package covers, plus package sales), paid and owes, the oldest unpaid charge first: rpc/balances,
// one request for up to the host's row cap of clients and a page more per cap beyond it. With
// --overdue it lists only those owing for longer than that and exits 1 while there are any, so
// `practice balance --overdue 30d || mail ...` works in cron.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { countOf } from '../../model/count.js';
import { amountCents, formatCents } from '../../model/money.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { dayOption } from '../shared/input.js';
import { resolveClient } from '../shared/resolve.js';
import { PAYMENTS_SCHEMA_VERSION, readAnswer } from '../shared/answers.js';
import { money } from '../shared/payment.js';
import { overdueDays } from './overdue.js';

export interface Balance {
  client_id: string;
  client_name: string;
  billed: number;
  paid: number;
  owed: number;
  visits: number;
  covered_visits: number;
  oldest_unpaid: string | null;
  days_unpaid: number | null;
}

const FIELDS = ['client_id', 'client_name', 'billed', 'paid', 'owed', 'visits', 'covered_visits', 'oldest_unpaid', 'days_unpaid'];

const COLUMNS: Column<Balance>[] = [
  { key: 'client_name', header: 'CLIENT' },
  { key: 'billed', format: money },
  { key: 'paid', format: money },
  { key: 'owed', format: money },
  { key: 'covered_visits', header: 'BY PACKAGE' },
  { key: 'oldest_unpaid', header: 'OLDEST UNPAID', format: (day) => day ?? '' },
  { key: 'days_unpaid', header: 'DAYS', format: (days) => (days === null ? '' : String(days)) },
];

export interface BalanceOptions extends RowOptions {
  client?: string;
  overdue?: string;
  all?: boolean;
}

export function balanceCommand(ctx: Context): Command {
  const command = new Command('balance')
    .description('What each client was billed, paid and owes, the oldest unpaid first')
    .option('--client <client>', 'only this client: name, id or id prefix')
    .option('--overdue <age>', 'only clients with a charge unpaid for longer than this (30d, 4w); exit 1 if there are any')
    .option('--all', 'also list clients who owe nothing')
    .addHelpText('before', `Examples:
  $ practice balance
  $ practice balance --client ann --json
  $ practice balance --overdue 30d || echo "Someone owes for more than 30 days"
`)
    .addHelpText('after', '\nExit codes: 0 ok, 1 something is overdue (with --overdue) or failure, 2 invalid usage.')
    .action((options: BalanceOptions) => runBalance(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runBalance(options: BalanceOptions, ctx: Context): Promise<void> {
  const days = options.overdue === undefined ? undefined : overdueDays(options.overdue);
  const today = await dayOption(ctx, '--overdue', 'today');
  const client = options.client === undefined ? null : (await resolveClient(ctx, options.client)).id;
  const balances = await readAnswer<Balance>(await ctx.api(), 'balances', { for_client: client, as_of: today }, PAYMENTS_SCHEMA_VERSION);
  const shown = balances.filter((row) =>
    days !== undefined ? row.days_unpaid !== null && row.days_unpaid > days && amountCents(row.owed) > 0
      : options.all || client !== null || amountCents(row.owed) !== 0);
  await ctx.out.rows(shown, COLUMNS, options, days === undefined ? 'Nobody owes anything.' : `Nothing unpaid for more than ${days} days.`);
  ctx.out.note(`${countOf(shown.length, 'client')}, ${totalsText(shown)}.`);
  if (days !== undefined && shown.length > 0) throw new SilentExit(ExitCode.failure);
}

/** `80.00 owed in all`, and what clients in credit have paid ahead beside it rather than netted against it. */
function totalsText(rows: readonly Balance[]): string {
  const owed = rows.reduce((sum, row) => sum + Math.max(amountCents(row.owed), 0), 0);
  const credit = rows.reduce((sum, row) => sum + Math.max(-amountCents(row.owed), 0), 0);
  return `${formatCents(owed)} owed in all${credit > 0 ? `, ${formatCents(credit)} in credit` : ''}`;
}
