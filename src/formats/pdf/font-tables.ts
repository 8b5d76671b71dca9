// A font file (TrueType or OpenType: the sfnt layout) with some of its tables left out or rewritten.
// The printed documents leave out Noto Sans' glyph positioning and substitution (GPOS, GSUB, and
// GDEF, which only they read): fontkit decodes such a table whole before laying out a line, and Noto
// Sans' cover every script it has. GPOS (pair kerning, mark positioning) made two thirds of rendering
// an invoice (bench/money: 195 ms of it against 66 ms without), GSUB (ligatures such as ffi, the
// decomposing of a letter with marks, forms for Devanagari, which the documents print with no font
// at all) another ~28 ms of a year's invoice. A document loses its kerning and ligatures; letters
// with marks are precomposed first (render.ts), so they print as the font's own precomposed glyphs.
// They also drop the glyph names of `post` (postWithoutNames).
const TABLE_RECORD = 16;
const HEADER = 12;

/** What becomes of a table: null leaves it out, a function gives its new bytes from the old. */
export type TableChange = null | ((table: Uint8Array) => Uint8Array);

interface TableRecord {
  tag: string;
  checksum: number;
  bytes: Uint8Array;
}

function tablesOf(font: Uint8Array): TableRecord[] {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  return Array.from({ length: view.getUint16(4) }, (_, i) => {
    const at = HEADER + i * TABLE_RECORD;
    const offset = view.getUint32(at + 8);
    return {
      tag: String.fromCharCode(...font.subarray(at, at + 4)),
      checksum: view.getUint32(at + 4),
      bytes: font.subarray(offset, offset + view.getUint32(at + 12)),
    };
  });
}

// Each table starts on a 4-byte boundary, as the format asks, and is summed in 4-byte words.
const padded = (length: number) => (length + 3) & ~3;

function checksumOf(table: Uint8Array): number {
  const words = new Uint8Array(padded(table.length));
  words.set(table);
  const view = new DataView(words.buffer);
  let sum = 0;
  for (let at = 0; at < words.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

/** The font with `changes` made to the tables it has; the font itself when none changes anything. */
export function withTables(font: Uint8Array, changes: Readonly<Record<string, TableChange>>): Uint8Array {
  const before = tablesOf(font);
  const kept = before.flatMap((record) => {
    const change = changes[record.tag];
    if (change === undefined) return [record];
    if (change === null) return [];
    const bytes = change(record.bytes);
    return [bytes === record.bytes ? record : { tag: record.tag, checksum: checksumOf(bytes), bytes }];
  });
  if (kept.length === before.length && kept.every((record, i) => record === before[i])) return font;
  const size = HEADER + kept.length * TABLE_RECORD + kept.reduce((sum, record) => sum + padded(record.bytes.length), 0);
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  // The header: the font's kind, then the table count and the binary-search hints derived from it.
  out.set(font.subarray(0, 4));
  const power = 2 ** Math.floor(Math.log2(kept.length));
  outView.setUint16(4, kept.length);
  outView.setUint16(6, power * TABLE_RECORD);
  outView.setUint16(8, Math.log2(power));
  outView.setUint16(10, (kept.length - power) * TABLE_RECORD);
  let offset = HEADER + kept.length * TABLE_RECORD;
  kept.forEach((record, i) => {
    const at = HEADER + i * TABLE_RECORD;
    for (let k = 0; k < 4; k++) out[at + k] = record.tag.charCodeAt(k);
    outView.setUint32(at + 4, record.checksum);
    outView.setUint32(at + 8, offset);
    outView.setUint32(at + 12, record.bytes.length);
    out.set(record.bytes, offset);
    offset += padded(record.bytes.length);
  });
  return out;
}

const POST_HEADER = 32;
const POST_WITHOUT_NAMES = 0x00030000;

/**
 * `post` as version 3.0: its header (italic angle, underline, fixed pitch) without the glyph names.
 * pdfkit reads only isFixedPitch from it, and the subset it embeds has no `post`, yet fontkit
 * decoded Noto Sans' 3,000-odd names first: a tenth of rendering an invoice (bench/money).
 */
export function postWithoutNames(post: Uint8Array): Uint8Array {
  const view = new DataView(post.buffer, post.byteOffset, post.byteLength);
  if (post.length < POST_HEADER || view.getUint32(0) === POST_WITHOUT_NAMES) return post;
  // A copy: a Buffer's slice() would be a view of the font itself.
  const header = new Uint8Array(post.subarray(0, POST_HEADER));
  new DataView(header.buffer).setUint32(0, POST_WITHOUT_NAMES);
  return header;
}
