// `practice invoice show N`: one invoice or credit note as it was issued: who from and to, the lines,
// net, tax per rate and gross; --json the row as stored.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import type { DocumentLine } from '../../formats/pdf/render.js';
import type { Context } from '../context.js';
import { printedInvoice } from './printed.js';
import { COLUMNS, FIELDS, findInvoice } from './shared.js';

const LINE_COLUMNS: Column<DocumentLine>[] = [
  { key: 'date' }, { key: 'service' }, { key: 'code' }, { key: 'net' }, { key: 'taxRate', header: 'TAX %' }, { key: 'tax' }, { key: 'gross' },
];

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .description('Show an invoice or credit note as issued')
    .argument('<invoice>', 'its number (INV-2026-0001, CN-2026-0001) or id')
    .addHelpText('before', `Examples:
  $ practice invoice show INV-2026-0001
  $ practice invoice show INV-2026-0001 --json lines,net,tax,gross
`)
    .action((text: string, options: RowOptions) => runShow(text, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runShow(text: string, options: RowOptions, ctx: Context): Promise<void> {
  const invoice = await findInvoice(ctx, text);
  if (options.json || options.format) return ctx.out.record(invoice, COLUMNS, options);
  const credited = invoice.credits_id ? (await findInvoice(ctx, invoice.credits_id)).number : undefined;
  const document = printedInvoice(invoice, credited);
  ctx.out.print([document.title, ...document.facts.map(([label, value]) => `${label}: ${value}`), '', 'From:', ...document.from.map((line) => `  ${line}`),
    'To:', ...document.to.map((line) => `  ${line}`), ''].join('\n'));
  await ctx.out.rows(document.lines, LINE_COLUMNS);
  ctx.out.print(['', ...document.totals.map(([label, amount]) => `${label.padEnd(32)} ${amount.padStart(12)}`), ...document.footer.map((line) => `\n${line}`)].join('\n'));
}
