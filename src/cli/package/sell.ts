// `practice package sell`: prepaid visits of one service for a client. The sale is two entries with
// ids chosen here, so a retry writes neither twice: the package, then its payment (unless --unpaid),
// which names the package. Were the payment to fail, the package stands billed and unpaid, and
// `practice balance` shows it owed until `pay add` records it.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { amountOption, countOption, dayOption } from '../shared/input.js';
import { resolveClient, resolveService } from '../shared/resolve.js';
import { type EntryFlags, entryFields, recordPayment, textOption } from '../shared/payment-entry.js';
import { describePayment, type Method, methodOption, money, type Payment } from '../shared/payment.js';
import type { Package } from './shared.js';

interface SellOptions extends EntryFlags {
  client: string;
  service: string;
  visits: string;
  price: string;
  expires?: string;
  method: Method;
  unpaid?: boolean;
  json?: true | string[];
}

const SALE_FIELDS = ['package', 'payment'];

export function sellCommand(ctx: Context): Command {
  const command = new Command('sell')
    .description('Sell a client prepaid visits of one service, and record its payment; prints the package id')
    .requiredOption('--client <client>', 'who buys it: name, id or id prefix')
    .requiredOption('--service <service>', 'the service it covers: name, id or id prefix')
    .requiredOption('--visits <count>', 'how many visits it covers, 1 to 1000')
    .requiredOption('--price <amount>', 'what it costs, like 400')
    .option('--expires <day>', 'the last day a visit can use it: YYYY-MM-DD or +180d')
    .addOption(methodOption('how it was paid').default('card'))
    .addOption(new Option('--unpaid', 'record the sale only; the client pays later with `pay add`').conflicts('method'))
    .option('--date <day>', 'the day of the sale, if not today: YYYY-MM-DD, yesterday, -3d')
    .option('--reference <text>', 'a receipt, transaction or cheque number for the payment')
    .option('--note <text>', 'free text')
    .addHelpText('before', `Examples:
  $ practice package sell --client ann --service "Swedish 60" --visits 5 --price 400
  $ practice package sell --client ann --service "Swedish 60" --visits 10 --price 750 --expires 2027-06-30 --method transfer
  $ practice package sell --client ann --service "Hot stone 90" --visits 3 --price 330 --unpaid --json
`)
    .action((options: SellOptions) => runSell(options, ctx));
  return addOutputFlags(command, SALE_FIELDS);
}

async function runSell(options: SellOptions, ctx: Context): Promise<void> {
  const visits = countOption('--visits', options.visits, 1);
  if (visits > 1000) throw new UsageError(`--visits: at most 1000; got ${visits}`);
  const price = amountOption('--price', options.price);
  const fields = await entryFields(ctx, options);
  const soldOn = await dayOption(ctx, '--date', options.date ?? 'today');
  const expires = options.expires === undefined ? undefined : await dayOption(ctx, '--expires', options.expires);
  if (expires !== undefined && expires < soldOn) throw new UsageError(`--expires: ${expires} is before the sale on ${soldOn}`);
  const note = textOption('--note', options.note);
  const client = await resolveClient(ctx, options.client);
  const service = await resolveService(ctx, options.service);
  const api = await ctx.api();
  const [sold] = await api.insert<Package>('packages', {
    id: crypto.randomUUID(), client_id: client.id, service_id: service.id, visits, price, sold_on: soldOn, expires_on: expires, note,
  });
  const what = `${visits} visit${visits === 1 ? '' : 's'} of ${service.name} to ${client.name} for ${money(price)}`;
  // A free package (price 0) has nothing to pay.
  const payment: Payment | null = options.unpaid || price === 0 ? null
    : await recordPayment(ctx, { kind: 'payment', client_id: client.id, package_id: sold!.id, amount: price, method: options.method, ...fields }, client.name);
  if (options.json) {
    ctx.out.json(Array.isArray(options.json) ? pickSale(options.json, sold!, payment) : { package: sold, payment });
  } else {
    ctx.out.print(sold!.id);
  }
  const paid = payment ? `; recorded ${describePayment(payment)}` : price === 0 ? '' : ', unpaid';
  ctx.out.success(`Sold ${what}${expires ? `, until ${expires}` : ''}${paid}.`);
}

function pickSale(fields: string[], sold: Package, payment: Payment | null): Record<string, unknown> {
  const sale: Record<string, unknown> = { package: sold, payment };
  return Object.fromEntries(fields.map((field) => [field, sale[field]]));
}
