// `practice invoice credit N`: cancels an issued invoice with a credit note of its own series
// (CN-2026-0001) that repeats its lines negated; the database fills the lines and number, and refuses
// a second credit note of one invoice. Its visits can then be invoiced again.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { dayOption } from '../shared/input.js';
import { money } from '../shared/payment.js';
import { textOption } from '../shared/payment-entry.js';
import { COLUMNS, FIELDS, findInvoice, type Invoice } from './shared.js';

interface CreditOptions extends RowOptions {
  note?: string;
}

export function creditCommand(ctx: Context): Command {
  const command = new Command('credit')
    .description('Cancel an issued invoice with a credit note; prints the credit note\'s number')
    .argument('<invoice>', 'the invoice: its number (INV-2026-0001) or id')
    .option('--note <text>', 'why, printed on the credit note')
    .addHelpText('before', `Examples:
  $ practice invoice credit INV-2026-0007 --note "Wrong visit date"
  $ practice invoice credit INV-2026-0007 --json number,gross
`)
    .action((text: string, options: CreditOptions) => runCredit(text, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runCredit(text: string, options: CreditOptions, ctx: Context): Promise<void> {
  const note = textOption('--note', options.note);
  const invoice = await findInvoice(ctx, text);
  if (invoice.kind !== 'invoice') throw new CommandError(`${invoice.number} is a credit note, which cannot be credited.`, 'Name the invoice itself.');
  // The lines are the database's to fill (from the invoice); the column needs a value to be sent.
  const [credit] = await (await ctx.api()).insert<Invoice>('invoices', {
    id: crypto.randomUUID(), kind: 'credit', client_id: invoice.client_id, credits_id: invoice.id, lines: [],
    issued_on: await dayOption(ctx, '<invoice>', 'today'), ...(note ? { note } : {}),
  });
  if (!options.json && !options.format) ctx.out.print(credit!.number);
  ctx.out.success(`Issued credit note ${credit!.number} cancelling ${invoice.number} (${money(credit!.gross)}).`);
  if (options.json || options.format) await ctx.out.record(credit!, COLUMNS, options);
}
