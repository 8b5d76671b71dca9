// A printed document (invoice, credit note, superbill, receipt) as PDF bytes, through pdfkit, which
// embeds each font subset to the glyphs used. Pure apart from the library: the document in, bytes out.
import PDFDocument from 'pdfkit';
import { fontRuns, type FontRun, type Fonts } from './fonts.js';
import { placedOnOneLine } from './one-line.js';

export interface DocumentLine {
  date: string;
  service: string;
  code: string;
  net: string;
  taxRate: string;
  tax: string;
  gross: string;
}

/** What a document says, already worded and formatted; render only lays it out. */
export interface PrintedDocument {
  title: string;
  /** Label and value pairs under the title: number, date, what it credits. */
  facts: readonly (readonly [string, string])[];
  from: readonly string[];
  to: readonly string[];
  lines: readonly DocumentLine[];
  /** Label and amount pairs under the lines: net, tax per rate, total; the last is printed bold. */
  totals: readonly (readonly [string, string])[];
  footer: readonly string[];
  /** The title of the document's properties (what a PDF reader shows in its title bar). */
  subject: string;
}

const MARGIN = 50;
const COLUMNS = [
  { key: 'date', header: 'Date', width: 70, align: 'left' },
  { key: 'service', header: 'Service', width: 150, align: 'left' },
  { key: 'code', header: 'Code', width: 55, align: 'left' },
  { key: 'net', header: 'Net', width: 60, align: 'right' },
  { key: 'taxRate', header: 'Tax %', width: 40, align: 'right' },
  { key: 'tax', header: 'Tax', width: 55, align: 'right' },
  { key: 'gross', header: 'Gross', width: 65, align: 'right' },
] as const;

/** Every text the document prints, so the caller loads the fonts it needs (fonts.ts loadFonts). */
export function textsOf(document: PrintedDocument): string[] {
  return [document.title, ...document.facts.flat(), ...document.from, ...document.to, ...document.footer,
    ...document.lines.flatMap((line) => [line.service, line.code])];
}

export function renderPdf(document: PrintedDocument, fonts: Fonts): Promise<Uint8Array> {
  // A fixed creation date keeps the same document the same bytes. No standard font (Helvetica is
  // pdfkit's default): the document uses only the fonts it embeds, and the bundle carries no AFM files.
  // Pages are kept until the end, so each can say how many there are.
  const options = { size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: document.subject, Producer: 'practice', CreationDate: new Date(0) }, font: null };
  const pdf = new PDFDocument(options as unknown as PDFKit.PDFDocumentOptions);
  pdf.registerFont('regular', Buffer.from(fonts.regular));
  pdf.registerFont('bold', Buffer.from(fonts.bold));
  if (fonts.wide) pdf.registerFont('wide', Buffer.from(fonts.wide));
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const write = (text: string, weight: 'regular' | 'bold', size: number, options: PDFKit.Mixins.TextOptions = {}, at?: [number, number]) => {
    // Precomposed (ü, not u and a combining ¨): the fonts come without mark positioning (font-tables.ts).
    const shown = text.normalize('NFC');
    const runs = fonts.wide ? fontRuns(shown) : [{ text: shown, wide: false }];
    if (runs.length > 1) return writeRuns(runs, weight, size, options, at);
    pdf.font(runs[0]?.wide ? 'wide' : weight).fontSize(size);
    if (at && placedOnOneLine(pdf, shown, options, at)) return;
    if (at) pdf.text(shown, at[0], at[1], options);
    else pdf.text(shown, options);
  };
  // Runs of both fonts go as pdfkit's continued text: one paragraph, wrapped as one. pdfkit hangs
  // each font from the top of the line by its own ascender, which the CJK font has shorter: every
  // run gets Noto Sans' instead, so all sit on one baseline.
  const writeRuns = (runs: FontRun[], weight: 'regular' | 'bold', size: number, options: PDFKit.Mixins.TextOptions, at?: [number, number]) => {
    pdf.font(weight).fontSize(size);
    const baseline = -((pdf as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
    runs.forEach((run, i) => {
      pdf.font(run.wide ? 'wide' : weight).fontSize(size);
      const part = { ...options, baseline, continued: i < runs.length - 1 };
      if (i === 0 && at) pdf.text(run.text, at[0], at[1], part);
      else pdf.text(run.text, part);
    });
  };

  // A page after the first says whose it is: a loose page of a long invoice still names it.
  pdf.on('pageAdded', () => {
    write(`${document.title} (continued)`, 'regular', 9, {}, [MARGIN, MARGIN]);
    pdf.moveDown(0.5);
  });
  write(document.title, 'bold', 18);
  pdf.moveDown(0.5);
  for (const [label, value] of document.facts) write(`${label}: ${value}`, 'regular', 10);
  pdf.moveDown();
  const top = pdf.y;
  const half = (pdf.page.width - 2 * MARGIN) / 2;
  write('From', 'bold', 10, { width: half - 10 }, [MARGIN, top]);
  for (const line of document.from) write(line, 'regular', 10, { width: half - 10 });
  const fromBottom = pdf.y;
  write('To', 'bold', 10, { width: half - 10 }, [MARGIN + half, top]);
  for (const line of document.to) write(line, 'regular', 10, { width: half - 10 });
  pdf.y = Math.max(fromBottom, pdf.y) + 20;

  if (document.lines.length > 0) tableOf(pdf, document.lines, write);
  pdf.moveDown();
  const labelAt = MARGIN + 280;
  document.totals.forEach(([label, amount], index) => {
    const weight = index === document.totals.length - 1 ? 'bold' : 'regular';
    if (pdf.y > pdf.page.height - MARGIN - 20) pdf.addPage();
    const y = pdf.y;
    write(label, weight, 10, { width: 150 }, [labelAt, y]);
    write(amount, weight, 10, { width: 65, align: 'right' }, [labelAt + 150, y]);
  });
  pdf.moveDown(2);
  for (const line of document.footer) write(line, 'regular', 9, { width: pdf.page.width - 2 * MARGIN }, [MARGIN, pdf.y]);
  numberPages(pdf, write);
  pdf.end();
  return done;
}

type Write = (text: string, weight: 'regular' | 'bold', size: number, options?: PDFKit.Mixins.TextOptions, at?: [number, number]) => void;

// "Page N of M" at the foot of each page of a document longer than one, so a loose page says where
// it belongs and that none is missing. Written in the bottom margin, which pdfkit would otherwise
// take as the page being full.
function numberPages(pdf: PDFKit.PDFDocument, write: Write): void {
  const { start, count } = pdf.bufferedPageRange();
  if (count < 2) return;
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    write(`Page ${page - start + 1} of ${count}`, 'regular', 9, { width: pdf.page.width - 2 * MARGIN, align: 'right', lineBreak: false },
      [MARGIN, pdf.page.height - MARGIN / 2 - 9]);
    pdf.page.margins.bottom = bottom;
  }
}

// The lines as a table, its header repeated on each page it runs onto.
function tableOf(pdf: PDFKit.PDFDocument, lines: readonly DocumentLine[], write: Write): void {
  const row = (cells: Record<(typeof COLUMNS)[number]['key'], string>, weight: 'regular' | 'bold') => {
    if (pdf.y > pdf.page.height - MARGIN - 30) {
      pdf.addPage();
      if (weight === 'regular') header();
    }
    const y = pdf.y;
    let x = MARGIN;
    let bottom = y;
    for (const column of COLUMNS) {
      write(cells[column.key], weight, 9, { width: column.width - 4, align: column.align }, [x, y]);
      bottom = Math.max(bottom, pdf.y);
      x += column.width;
    }
    pdf.y = bottom + 3;
  };
  const header = () => row({ date: 'Date', service: 'Service', code: 'Code', net: 'Net', taxRate: 'Tax %', tax: 'Tax', gross: 'Gross' }, 'bold');
  header();
  for (const line of lines) row(line, 'regular');
}
