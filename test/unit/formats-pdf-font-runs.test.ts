// A text mixing letters of Noto Sans and of the wide CJK font prints each in the font that has it:
// the CJK font's Latin lacks letters such as Ł, which printed as nothing when a whole name went to
// it. Read back with poppler's pdftotext, in a wrapped block and in a table cell.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fontRuns, loadFonts } from '../../src/formats/pdf/fonts.js';
import { renderPdf, textsOf, type PrintedDocument } from '../../src/formats/pdf/render.js';

const folder = mkdtempSync(join(tmpdir(), 'practice-pdf-runs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('cuts a text where it changes font, and leaves a text of one font whole', () => {
  expect(fontRuns('Łucja 王 (Wang)')).toEqual([{ text: 'Łucja ', wide: false }, { text: '王', wide: true }, { text: ' (Wang)', wide: false }]);
  expect(fontRuns('李小龍')).toEqual([{ text: '李小龍', wide: true }]);
  expect(fontRuns('Jürgen Groß')).toEqual([{ text: 'Jürgen Groß', wide: false }]);
});

it('prints every letter of a name mixing both fonts', async () => {
  const mixed = 'Zoë Łukasiewicz-Groß (李)';
  const document: PrintedDocument = {
    title: 'Invoice INV-2026-0009', facts: [['Date', '2026-12-31']], from: ['Praxis'], to: [mixed],
    lines: [{ date: '2026-12-01', service: `Massage for ${mixed}`, code: '', net: '85.00', taxRate: '0', tax: '0.00', gross: '85.00' }],
    totals: [['Total', '85.00']], footer: [], subject: 'Invoice INV-2026-0009',
  };
  const file = join(folder, 'mixed.pdf');
  writeFileSync(file, await renderPdf(document, await loadFonts(textsOf(document))));
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(mixed);
  // The cell wraps after the hyphen, which pdftotext takes for a word broken at the line's end.
  expect(text.replace(/\s+/g, ' ')).toMatch(/Massage for Zoë Łukasiewicz-?\s?Groß \(李\)/);
});
