// The fonts a printed document embeds come without glyph positioning (GPOS, GDEF): every other
// table keeps its bytes, the directory stays a valid one, and a name typed with combining marks is
// still printed with its accents (read back by poppler's pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { withoutTables } from '../../src/formats/pdf/font-tables.js';
import { loadFonts } from '../../src/formats/pdf/fonts.js';
import { renderPdf, textsOf, type PrintedDocument } from '../../src/formats/pdf/render.js';

const folder = mkdtempSync(join(tmpdir(), 'practice-pdf-fonts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const notoSans = readFileSync(join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts', 'NotoSans-Regular.ttf'));

/** Each table of a font file by its tag, as its directory points to it. */
function tablesOf(font: Uint8Array): Map<string, Buffer> {
  const bytes = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  return new Map(Array.from({ length: bytes.readUInt16BE(4) }, (_, i) => {
    const at = 12 + i * 16;
    const offset = bytes.readUInt32BE(at + 8);
    return [bytes.toString('latin1', at, at + 4), bytes.subarray(offset, offset + bytes.readUInt32BE(at + 12))] as const;
  }));
}

it('leaves out GPOS and GDEF and keeps every other table byte for byte', () => {
  const before = tablesOf(notoSans);
  const after = tablesOf(withoutTables(notoSans, ['GPOS', 'GDEF']));
  expect(before.has('GPOS') && before.has('GDEF')).toBe(true);
  expect([...after.keys()]).toEqual([...before.keys()].filter((tag) => tag !== 'GPOS' && tag !== 'GDEF'));
  for (const [tag, bytes] of after) expect(bytes.equals(before.get(tag)!), tag).toBe(true);
});

it('writes the binary-search hints of the new table count', () => {
  const font = Buffer.from(withoutTables(notoSans, ['GPOS', 'GDEF']));
  const count = font.readUInt16BE(4);
  const power = 2 ** Math.floor(Math.log2(count));
  expect([font.readUInt16BE(6), font.readUInt16BE(8), font.readUInt16BE(10)]).toEqual([power * 16, Math.log2(power), (count - power) * 16]);
});

it('returns a font without those tables as it is', () => {
  const plain = withoutTables(notoSans, ['GPOS', 'GDEF']);
  expect(withoutTables(plain, ['GPOS', 'GDEF'])).toBe(plain);
});

it('prints a name typed with combining marks with its accents', async () => {
  const decomposed = 'Ju\u0308rgen Gro\u00df, Zoe\u0308 Le\u0301a';
  const document: PrintedDocument = {
    title: 'Invoice INV-2026-0002', facts: [['Date', '2026-12-31']], from: ['Praxis'], to: [decomposed], lines: [],
    totals: [['Total', '0.00']], footer: [], subject: 'Invoice INV-2026-0002',
  };
  const file = join(folder, 'marks.pdf');
  writeFileSync(file, await renderPdf(document, await loadFonts(textsOf(document))));
  expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('Jürgen Groß, Zoë Léa');
});
