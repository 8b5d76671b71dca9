// `practice pay refund|void <payment>`: the ledger's only corrections, each a new entry naming the
// payment it reverses. A refund gives back part or all of what is left of it (all by default); a void
// says the payment was recorded by mistake and reverses it whole. The service refuses more than is
// left, so two desks refunding at once cannot give back twice; the read here only makes the default.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { amountCents } from '../../model/money.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { amountOption } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { resolveRowId } from '../shared/resolve.js';
import { type EntryFlags, entryFields, recordPayment } from '../shared/payment-entry.js';
import { describePayment, type Method, methodOption, money, type Payment } from '../shared/payment.js';
import { clientName } from './client-names.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT, noteOptions } from './shared.js';

interface ReverseOptions extends EntryFlags, RowOptions {
  amount?: string;
  method?: Method;
}

type Kind = 'refund' | 'void';

const HELP: Record<Kind, { description: string; examples: string }> = {
  refund: {
    description: 'Give back part or all of a payment (all that is left of it by default)',
    examples: `  $ practice pay refund 3f2a9c1b
  $ practice pay refund 3f2a --amount 20 --note "Shortened session"
  $ practice pay refund 3f2a --amount 20 --method cash --json`,
  },
  void: {
    description: 'Reverse a payment recorded by mistake, whole',
    examples: `  $ practice pay void 3f2a9c1b --note "Entered twice"
  $ practice pay void 3f2a --json id,amount,reverses_id`,
  },
};

export function reverseCommand(ctx: Context, kind: Kind): Command {
  const command = new Command(kind)
    .description(HELP[kind].description)
    .argument('<payment>', 'its id or a unique prefix of it (the ID column of `pay list`)')
    .addHelpText('before', `Examples:\n${HELP[kind].examples}\n`)
    .action((payment: string, options: ReverseOptions) => runReverse(kind, payment, options, ctx));
  if (kind === 'refund') {
    command
      .option('--amount <amount>', 'how much to give back (default: all that is left of the payment)')
      .addOption(methodOption('how it is given back (default: as it was paid)'))
      .option('--date <day>', 'when it was given back, if not now: YYYY-MM-DD, yesterday, -3d');
  }
  return addOutputFlags(noteOptions(command), FIELDS);
}

async function runReverse(kind: Kind, text: string, options: ReverseOptions, ctx: Context): Promise<void> {
  const amount = options.amount === undefined ? undefined : amountOption('--amount', options.amount, { positive: true });
  const fields = await entryFields(ctx, options);
  const api = await ctx.api();
  const id = await resolveRowId(ctx, 'payments', text);
  const [reversed] = await api.select<Payment>('payments', query<Payment>().eq('id', id));
  if (!reversed) throw new CommandError(`Payment ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  if (reversed.kind !== 'payment') throw new CommandError(`${shortId(id)} is a ${reversed.kind}, which is final.`, 'Name the payment it reverses instead.');
  const earlier = await api.select<Payment>('payments', query<Payment>().eq('reverses_id', id).select(['amount']));
  const leftCents = amountCents(reversed.amount) - earlier.reduce((sum, entry) => sum + amountCents(entry.amount), 0);
  if (leftCents <= 0) throw new CommandError(`Payment ${shortId(id)} was already given back in full.`);
  const entry = await recordPayment(ctx, {
    kind,
    reverses_id: id,
    client_id: reversed.client_id,
    amount: amount ?? (kind === 'void' ? reversed.amount : leftCents / 100),
    method: options.method ?? reversed.method,
    ...fields,
  }, await clientName(ctx, reversed.client_id));
  const left = money((leftCents - amountCents(entry.amount)) / 100);
  await reportCreated(ctx, `Recorded ${describePayment(entry)}; ${left} of it is left.`, entry, COLUMNS, options);
}
