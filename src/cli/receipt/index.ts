// `practice receipt PAYMENT --output FILE`: a receipt for money received, as a PDF: the practice's
// details as they are now, the client, the visit paid for (with its tax at the service's rate) and
// the amount. Loaded only when invoked, with the PDF library (shared/printed-document.ts).
import { Command } from 'commander';
import { query } from '../../core/query-builder.js';
import { amountCents, formatCents } from '../../model/money.js';
import type { Appointment, Client, Service } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import type { DocumentLine, PrintedDocument } from '../../formats/pdf/render.js';
import type { Payment } from '../shared/payment.js';
import { refuseJsonOnStdout, renderDocument, totalsOf } from '../shared/printed-document.js';
import { resolveRowId } from '../shared/resolve.js';
import { emit } from '../shared/write-file.js';

interface ReceiptOptions {
  output: string;
  json?: boolean;
}

export function receiptCommand(ctx: Context): Command {
  return new Command('receipt')
    .description('Write a receipt for a payment as a PDF')
    .argument('<payment>', 'the payment: an id or prefix from `practice pay list`')
    .requiredOption('-o, --output <file>', 'the PDF file to write (a folder: named after the payment), or - for stdout')
    .option('--json', 'print what was written as JSON: payment_id, file, bytes')
    .addHelpText('before', `Examples:
  $ practice receipt 3f2a9c1b --output receipt.pdf
  $ practice receipt 3f2a9c1b -o ~/receipts/ --json
`)
    .action((text: string, options: ReceiptOptions) => runReceipt(text, options, ctx));
}

async function runReceipt(text: string, options: ReceiptOptions, ctx: Context): Promise<void> {
  if (options.json) refuseJsonOnStdout(options.output);
  const api = await ctx.api();
  const id = await resolveRowId(ctx, 'payments', text, '<payment>');
  const [payment] = await api.select<Payment>('payments', query<Payment>().eq('id', id));
  if (!payment) throw new CommandError(`<payment>: no payment has the id ${id}`, 'See `practice pay list` for ids.');
  if (payment.kind !== 'payment') throw new CommandError(`${shortId(id)} is a ${payment.kind}, not a payment received.`, 'A receipt is for money received: name the payment.');
  const [[client], settings, visit] = await Promise.all([
    api.select<Client>('clients', query<Client>().eq('id', payment.client_id)),
    api.select<{ key: string; value: string }>('practice_settings', query<{ key: string; value: string }>()),
    payment.appointment_id ? visitPaid(ctx, payment.appointment_id) : Promise.resolve(null),
  ]);
  const issuer = Object.fromEntries(settings.map(({ key, value }) => [key, value]));
  const document = receiptDocument(payment, client?.name ?? '', issuer, visit);
  const name = `receipt-${shortId(payment.id)}.pdf`;
  const bytes = await renderDocument(document);
  const file = await emit(ctx, bytes, { output: options.output, fileName: () => name }, `the receipt for ${formatCents(amountCents(payment.amount))}`);
  if (options.json) ctx.out.json({ payment_id: payment.id, file, bytes: bytes.length });
}

interface VisitPaid {
  date: string;
  service: string;
  code: string;
  taxRate: number;
}

async function visitPaid(ctx: Context, appointmentId: string): Promise<VisitPaid | null> {
  const api = await ctx.api();
  const [visit] = await api.select<Appointment>('appointments', query<Appointment>().eq('id', appointmentId));
  if (!visit) return null;
  const [service] = visit.service_id ? await api.select<Service & { tax_rate?: number; billing_code?: string | null }>('service_menu', query<Service>().eq('id', visit.service_id)) : [];
  return { date: visit.date, service: service?.name ?? 'Visit', code: service?.billing_code ?? '', taxRate: Number(service?.tax_rate ?? 0) };
}

// The amount received is gross; the tax in it is at the visit's service's rate (none on account).
function receiptDocument(payment: Payment, clientName: string, issuer: Record<string, string>, visit: VisitPaid | null): PrintedDocument {
  const gross = amountCents(payment.amount);
  const rate = visit?.taxRate ?? 0;
  const net = Math.round((gross * 100) / (100 + rate));
  const line: DocumentLine = {
    date: visit?.date ?? payment.paid_at.slice(0, 10), service: visit?.service ?? 'Payment on account', code: visit?.code ?? '',
    net: formatCents(net), taxRate: String(rate), tax: formatCents(gross - net), gross: formatCents(gross),
  };
  const lines = [{ appointment_id: payment.appointment_id, date: line.date, service: line.service, code: null, tax_rate: rate, net: net / 100, tax: (gross - net) / 100, gross: gross / 100 }];
  const totals = totalsOf({ kind: 'invoice', lines, net: net / 100, gross: gross / 100 });
  return {
    title: 'Receipt',
    subject: `Receipt ${shortId(payment.id)}`,
    facts: [['Payment', shortId(payment.id)], ['Received', payment.paid_at.slice(0, 16).replace('T', ' ')], ['Method', payment.method],
      ...(payment.reference ? [['Reference', payment.reference] as [string, string]] : [])],
    from: [...(issuer.practice_name ? [issuer.practice_name] : []), ...(issuer.address ?? '').split('\n').filter(Boolean),
      ...(issuer.tax_id ? [`Tax id: ${issuer.tax_id}`] : [])],
    to: [clientName],
    lines: [line],
    totals: [...totals.slice(0, -1), ['Received', formatCents(gross)]],
    footer: ['Thank you.'],
  };
}
