// `practice invoice create`: issues an invoice to a client for a month's completed visits not yet
// invoiced, or for named visits, through rpc/issue_invoice, which numbers it without gaps and makes
// it final (migration 17). --superbill adds what an insurer asks for.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { money } from '../shared/payment.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dayOption } from '../shared/input.js';
import { textOption } from '../shared/payment-entry.js';
import { resolveClient, resolveRowId } from '../shared/resolve.js';
import { COLUMNS, FIELDS, type Invoice } from './shared.js';

interface CreateOptions extends RowOptions {
  client: string;
  month?: string;
  appointments?: string;
  superbill?: boolean;
  note?: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function createCommand(ctx: Context): Command {
  const command = new Command('create')
    .description('Issue an invoice for a month\'s visits or named visits; prints its number')
    .requiredOption('--client <client>', 'who it is for: name, id or id prefix')
    .option('--month <YYYY-MM>', 'the completed visits of this month not invoiced yet')
    .option('--appointments <ids>', 'these completed visits, comma-separated ids or prefixes')
    .option('--superbill', 'a superbill: billing and diagnosis codes and the practitioner\'s numbers, for an insurer')
    .option('--note <text>', 'a line printed on the invoice')
    .addHelpText('before', `Examples:
  $ practice invoice create --client ann --month 2026-11
  $ practice invoice create --client "Ann Lee" --appointments 3f2a9c1b,7d0e44a2 --superbill
  $ practice invoice create --client ann --month 2026-11 --json number,gross
`)
    .addHelpText('after', '\nExit codes: 0 issued, 1 nothing to invoice or refused, 2 invalid usage.')
    .action((options: CreateOptions) => runCreate(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runCreate(options: CreateOptions, ctx: Context): Promise<void> {
  if ((options.month === undefined) === (options.appointments === undefined)) {
    throw new UsageError('Name the visits to invoice with --month YYYY-MM or --appointments ID,..., one of the two.');
  }
  if (options.month !== undefined && !MONTH.test(options.month)) throw new UsageError(`--month: expected a month like 2026-11; got '${options.month}'`);
  const note = textOption('--note', options.note);
  const client = await resolveClient(ctx, options.client);
  const visits = options.appointments === undefined ? null
    : await Promise.all(options.appointments.split(',').map((text) => resolveRowId(ctx, 'appointments', text.trim(), '--appointments')));
  const api = await ctx.api();
  const response = await api.request({
    method: 'POST', path: '/rest/v1/rpc/issue_invoice', idempotent: false,
    body: { for_client: client.id, visits, in_month: options.month === undefined ? null : `${options.month}-01`, superbill: options.superbill === true,
      issued_on: await dayOption(ctx, '--month', 'today'), note: note ?? null },
  });
  const invoice = response.json<Invoice[]>()[0]!;
  // As a create prints its new id (shared/report.ts), this prints the number the invoice is known by.
  if (!options.json && !options.format) ctx.out.print(invoice.number);
  ctx.out.success(`Issued ${invoice.number} to ${client.name}: ${invoice.lines.length} visit${invoice.lines.length === 1 ? '' : 's'}, ${money(invoice.gross)}.`);
  // The details are the practice's at issue, for good: say so while the next invoice can still have them.
  if (!invoice.issuer.practice_name) ctx.out.note('It names no practice: set its details for the next ones (practice settings set practice_name "...", also address, tax_id).');
  if (options.json || options.format) await ctx.out.record(invoice, COLUMNS, options);
}
