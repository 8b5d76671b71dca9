// A printed document longer than a page numbers its pages ("Page N of M", read back by poppler's
// pdftotext), and a one-page document carries no number.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadFonts } from '../../src/formats/pdf/fonts.js';
import { renderPdf, textsOf, type PrintedDocument } from '../../src/formats/pdf/render.js';

const folder = mkdtempSync(join(tmpdir(), 'practice-pdf-pages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const invoiceOf = (visits: number): PrintedDocument => ({
  title: 'Invoice INV-2026-0001', facts: [['Date', '2026-12-31']], from: ['Praxis Groß'], to: ['Jürgen Groß'],
  lines: Array.from({ length: visits }, (_, week) => ({ date: `week ${week + 1}`, service: 'Swedish 60', code: '97124', net: '71.43', taxRate: '19', tax: '13.57', gross: '85.00' })),
  totals: [['Total', `${(85 * visits).toFixed(2)}`]], footer: ['Thank you'], subject: 'Invoice INV-2026-0001',
});

/** The text of each page, as pdftotext reads the document back. */
async function pagesOf(document: PrintedDocument): Promise<string[]> {
  const file = join(folder, `${document.lines.length}.pdf`);
  writeFileSync(file, await renderPdf(document, await loadFonts(textsOf(document))));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').filter((page) => page.trim() !== '');
}

it('numbers each page of a year of weekly visits, and not a single page', async () => {
  const year = await pagesOf(invoiceOf(52));
  expect(year.length).toBeGreaterThan(1);
  year.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${year.length}`));
  expect(year.at(-1)).toMatch(/Total\s+4420\.00/);
  const week = await pagesOf(invoiceOf(1));
  expect(week).toHaveLength(1);
  expect(week[0]).not.toContain('Page 1');
});
