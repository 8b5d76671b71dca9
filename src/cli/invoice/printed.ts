// An issued invoice, credit note or superbill as the words and numbers its document prints, shared
// by `invoice show` (text) and `invoice pdf`: the practice's and client's details as held at issue,
// the lines, and net, tax per rate and gross.
import { amountCents, formatCents } from '../../model/money.js';
import type { DocumentLine, PrintedDocument } from '../../formats/pdf/render.js';
import type { Invoice } from './shared.js';

/** Net, tax and gross of the lines at each tax rate, lowest rate first, in cents. */
function taxByRate(invoice: Pick<Invoice, 'lines'>): { rate: number; net: number; tax: number; gross: number }[] {
  const rates = new Map<number, { rate: number; net: number; tax: number; gross: number }>();
  for (const line of invoice.lines) {
    const rate = Number(line.tax_rate);
    const sum = rates.get(rate) ?? { rate, net: 0, tax: 0, gross: 0 };
    sum.net += amountCents(line.net);
    sum.tax += amountCents(line.tax);
    sum.gross += amountCents(line.gross);
    rates.set(rate, sum);
  }
  return [...rates.values()].sort((a, b) => a.rate - b.rate);
}

/** The totals a document prints: net, tax at each rate, then the total, which comes last. */
export function totalsOf(invoice: Pick<Invoice, 'kind' | 'lines' | 'net' | 'gross'>): [string, string][] {
  return [
    ['Net', formatCents(amountCents(invoice.net))],
    ...taxByRate(invoice).map(({ rate, tax, net }): [string, string] => [`Tax ${rate}% on ${formatCents(net)}`, formatCents(tax)]),
    [invoice.kind === 'credit' ? 'Total credited' : 'Total', formatCents(amountCents(invoice.gross))],
  ];
}

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
