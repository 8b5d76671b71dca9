// The fonts a printed document embeds come without glyph positioning and substitution (GPOS, GSUB,
// GDEF) and without the glyph names of `post`: every other table keeps its bytes, the directory stays a valid one, and a
// name typed with combining marks is still printed with its accents (read back by poppler's pdftotext).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { postWithoutNames, withTables } from '../../src/formats/pdf/font-tables.js';
import { loadFonts } from '../../src/formats/pdf/fonts.js';
import { renderPdf, textsOf, type PrintedDocument } from '../../src/formats/pdf/render.js';

const folder = mkdtempSync(join(tmpdir(), 'practice-pdf-fonts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const notoSans = readFileSync(join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts', 'NotoSans-Regular.ttf'));

const PLAIN = { GPOS: null, GSUB: null, GDEF: null, post: postWithoutNames } as const;
const LEFT_OUT = ['GPOS', 'GSUB', 'GDEF'];

/** Each table of a font file by its tag, as its directory points to it, with the checksum it gives it. */
function tablesOf(font: Uint8Array): Map<string, { bytes: Buffer; checksum: number }> {
  const bytes = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  return new Map(Array.from({ length: bytes.readUInt16BE(4) }, (_, i) => {
    const at = 12 + i * 16;
    const offset = bytes.readUInt32BE(at + 8);
    const table = { bytes: bytes.subarray(offset, offset + bytes.readUInt32BE(at + 12)), checksum: bytes.readUInt32BE(at + 4) };
    return [bytes.toString('latin1', at, at + 4), table] as const;
  }));
}

it('leaves out GPOS, GSUB and GDEF, rewrites post, and keeps every other table byte for byte', () => {
  const before = tablesOf(notoSans);
  const after = tablesOf(withTables(notoSans, PLAIN));
  for (const tag of LEFT_OUT) expect(before.has(tag), tag).toBe(true);
  expect([...after.keys()]).toEqual([...before.keys()].filter((tag) => !LEFT_OUT.includes(tag)));
  for (const [tag, table] of after) {
    if (tag !== 'post') expect(table.bytes.equals(before.get(tag)!.bytes), tag).toBe(true);
  }
});

it('keeps post\'s header as version 3.0, without the glyph names, under a checksum of its new bytes', () => {
  const before = tablesOf(notoSans).get('post')!;
  const after = tablesOf(withTables(notoSans, PLAIN)).get('post')!;
  expect(before.bytes.readUInt32BE(0)).toBe(0x00020000);
  expect(after.bytes.readUInt32BE(0)).toBe(0x00030000);
  // Italic angle, underline position and thickness, fixed pitch, memory hints: as they were.
  expect(after.bytes.subarray(4).equals(before.bytes.subarray(4, 32))).toBe(true);
  let sum = 0;
  for (let at = 0; at < after.bytes.length; at += 4) sum = (sum + after.bytes.readUInt32BE(at)) >>> 0;
  expect(after.checksum).toBe(sum);
  expect(after.checksum).not.toBe(before.checksum);
});

it('writes the binary-search hints of the new table count', () => {
  const font = Buffer.from(withTables(notoSans, PLAIN));
  const count = font.readUInt16BE(4);
  const power = 2 ** Math.floor(Math.log2(count));
  expect([font.readUInt16BE(6), font.readUInt16BE(8), font.readUInt16BE(10)]).toEqual([power * 16, Math.log2(power), (count - power) * 16]);
});

it('returns a font those changes leave as it is', () => {
  const plain = withTables(notoSans, PLAIN);
  expect(withTables(plain, PLAIN)).toBe(plain);
  expect(withTables(notoSans, { GPOS: null })).not.toBe(notoSans);
});

it('prints a name typed with combining marks with its accents, and letters of a ligature apart', async () => {
  const decomposed = 'Ju\u0308rgen Gro\u00df, Zoe\u0308 Le\u0301a, Nguye\u0302\u0303n Thi\u0323 Griffin';
  const document: PrintedDocument = {
    title: 'Invoice INV-2026-0002', facts: [['Date', '2026-12-31']], from: ['Praxis'], to: [decomposed], lines: [],
    totals: [['Total', '0.00']], footer: [], subject: 'Invoice INV-2026-0002',
  };
  const file = join(folder, 'marks.pdf');
  writeFileSync(file, await renderPdf(document, await loadFonts(textsOf(document))));
  expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('Jürgen Groß, Zoë Léa, Nguyễn Thị Griffin');
});
