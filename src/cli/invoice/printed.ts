// An issued invoice, credit note or superbill as the words and numbers its document prints, shared
// by `invoice show` (text) and `invoice pdf`: the practice's and client's details as held at issue,
// the lines, and net, tax per rate and gross.
import { amountCents, formatCents } from '../../model/money.js';
import type { DocumentLine, PrintedDocument } from '../../formats/pdf/render.js';
import { totalsOf } from '../shared/printed-document.js';
import type { Invoice } from './shared.js';

const ISSUER_LABELS: [string, string][] = [['tax_id', 'Tax id'], ['license_number', 'Licence / NPI']];

export function printedInvoice(invoice: Invoice, creditedNumber?: string): PrintedDocument {
  const kind = invoice.kind === 'credit' ? 'Credit note' : invoice.superbill ? 'Superbill' : 'Invoice';
  const issuer = invoice.issuer;
  const codes = invoice.bill_to.diagnosis_codes ?? [];
  const lines: DocumentLine[] = invoice.lines.map((line) => ({
    date: line.date, service: line.service, code: line.code ?? '', net: formatCents(amountCents(line.net)), taxRate: String(Number(line.tax_rate)),
    tax: formatCents(amountCents(line.tax)), gross: formatCents(amountCents(line.gross)),
  }));
  return {
    title: `${kind} ${invoice.number}`,
    subject: `${kind} ${invoice.number}`,
    facts: [
      ['Issued', invoice.issued_on],
      ...(creditedNumber ? [['Cancels invoice', creditedNumber] as [string, string]] : []),
      ...(invoice.superbill && codes.length > 0 ? [['Diagnosis (ICD-10)', codes.join(', ')] as [string, string]] : []),
    ],
    from: [
      ...(issuer.practice_name ? [issuer.practice_name] : []),
      ...(issuer.address ?? '').split('\n').filter((line) => line.trim() !== ''),
      ...ISSUER_LABELS.filter(([key]) => issuer[key] && (invoice.superbill || key === 'tax_id')).map(([key, label]) => `${label}: ${issuer[key]}`),
    ],
    to: [invoice.bill_to.name ?? '', ...(invoice.bill_to.email ? [invoice.bill_to.email] : [])],
    lines,
    totals: totalsOf(invoice),
    footer: [...(invoice.note ? [invoice.note] : []), ...(invoice.kind === 'invoice' && issuer.payment_instructions ? [issuer.payment_instructions] : [])],
  };
}
