// What an invoice and a receipt print alike: the totals (net, tax per rate, gross) and the PDF made
// from the document, with pdfkit and the fonts loaded only when a PDF is written.
import { amountCents, formatCents } from '../../model/money.js';
import type { PrintedDocument } from '../../formats/pdf/render.js';
import { UsageError } from '../errors.js';

/** A priced line of a document: what the totals add up. */
export interface TaxedLine {
  tax_rate: number;
  net: number;
  tax: number;
  gross: number;
}

/** Net, tax and gross of the lines at each tax rate, lowest rate first, in cents. */
function taxByRate(lines: readonly TaxedLine[]): { rate: number; net: number; tax: number; gross: number }[] {
  const rates = new Map<number, { rate: number; net: number; tax: number; gross: number }>();
  for (const line of lines) {
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
export function totalsOf(document: { kind: 'invoice' | 'credit'; lines: readonly TaxedLine[]; net: number; gross: number }): [string, string][] {
  return [
    ['Net', formatCents(amountCents(document.net))],
    ...taxByRate(document.lines).map(({ rate, tax, net }): [string, string] => [`Tax ${rate}% on ${formatCents(net)}`, formatCents(tax)]),
    [document.kind === 'credit' ? 'Total credited' : 'Total', formatCents(amountCents(document.gross))],
  ];
}

/** --json describes the file written, so the PDF itself cannot be on stdout too. */
export function refuseJsonOnStdout(output: string): void {
  if (output === '-') throw new UsageError('--json describes the file written: name one with --output, or leave --json out to write the PDF to stdout.');
}

/** The document as PDF bytes, loading pdfkit and the fonts it needs only now. */
export async function renderDocument(document: PrintedDocument): Promise<Uint8Array> {
  const [{ renderPdf, textsOf }, { loadFonts }] = await Promise.all([import('../../formats/pdf/render.js'), import('../../formats/pdf/fonts.js')]);
  return renderPdf(document, await loadFonts(textsOf(document)));
}
