// A font file (TrueType or OpenType: the sfnt layout) without some of its tables. The printed
// documents leave out Noto Sans' glyph positioning (GPOS, and GDEF, which only GPOS and GSUB read):
// fontkit decodes the whole table before laying out a line, and Noto Sans' pair kerning and mark
// positioning for every script it covers made two thirds of rendering an invoice (bench/money:
// 195 ms of it against 66 ms without). A document loses its kerning; letters with marks are
// precomposed first (render.ts), so they keep their accents without mark positioning.
const TABLE_RECORD = 16;
const HEADER = 12;

export function withoutTables(font: Uint8Array, left: readonly string[]): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const records = Array.from({ length: view.getUint16(4) }, (_, i) => {
    const at = HEADER + i * TABLE_RECORD;
    return {
      tag: String.fromCharCode(...font.subarray(at, at + 4)),
      checksum: view.getUint32(at + 4),
      offset: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
    };
  });
  const kept = records.filter((record) => !left.includes(record.tag));
  if (kept.length === records.length) return font;
  // Each table starts on a 4-byte boundary, as the format asks; the directory keeps its order.
  const padded = (length: number) => (length + 3) & ~3;
  const size = HEADER + kept.length * TABLE_RECORD + kept.reduce((sum, record) => sum + padded(record.length), 0);
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
    outView.setUint32(at + 12, record.length);
    out.set(font.subarray(record.offset, record.offset + record.length), offset);
    offset += padded(record.length);
  });
  return out;
}
