// `practice invoice`: invoices and credit notes, numbered without gaps and final once issued (a
// mistake is cancelled by a credit note), shown as text or written as PDF.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { createCommand } from './create.js';
import { creditCommand } from './credit.js';
import { listCommand } from './list.js';
import { pdfCommand } from './pdf.js';
import { showCommand } from './show.js';

export function invoiceCommand(ctx: Context): Command {
  return new Command('invoice')
    .addHelpText('before', `Examples:
  $ practice invoice create --client ann --month 2026-11
  $ practice invoice list --client ann
  $ practice invoice pdf INV-2026-0001 --output INV-2026-0001.pdf
  $ practice invoice credit INV-2026-0001 --note "Wrong date"
`)
    .addCommand(createCommand(ctx))
    .addCommand(listCommand(ctx))
    .addCommand(showCommand(ctx))
    .addCommand(pdfCommand(ctx))
    .addCommand(creditCommand(ctx));
}
