// `practice invoice pdf N --output FILE`: the invoice, credit note or superbill as a PDF with its
// fonts embedded. The PDF library and the fonts load only here (dynamic import), not at start-up.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { refuseJsonOnStdout, renderDocument } from '../shared/printed-document.js';
import { emit } from '../shared/write-file.js';
import { printedInvoice } from './printed.js';
import { findInvoice } from './shared.js';

interface PdfOptions {
  output: string;
  json?: boolean;
}

export function pdfCommand(ctx: Context): Command {
  return new Command('pdf')
    .description('Write an invoice or credit note as a PDF')
    .argument('<invoice>', 'its number (INV-2026-0001, CN-2026-0001) or id')
    .requiredOption('-o, --output <file>', 'the PDF file to write (a folder: named after the number), or - for stdout')
    .option('--json', 'print what was written as JSON: number, file, bytes')
    .addHelpText('before', `Examples:
  $ practice invoice pdf INV-2026-0001 --output INV-2026-0001.pdf
  $ practice invoice pdf INV-2026-0001 --output ~/invoices/
  $ practice invoice pdf INV-2026-0001 -o - | lpr
  $ practice invoice pdf INV-2026-0001 -o ~/invoices/ --json
`)
    .action((text: string, options: PdfOptions) => runPdf(text, options, ctx));
}

async function runPdf(text: string, options: PdfOptions, ctx: Context): Promise<void> {
  if (options.json) refuseJsonOnStdout(options.output);
  const invoice = await findInvoice(ctx, text);
  const credited = invoice.credits_id ? (await findInvoice(ctx, invoice.credits_id)).number : undefined;
  const bytes = await renderDocument(printedInvoice(invoice, credited));
  const file = await emit(ctx, bytes, { output: options.output, fileName: () => `${invoice.number}.pdf` }, `${invoice.number}`);
  if (options.json) ctx.out.json({ number: invoice.number, file, bytes: bytes.length });
}
