// A text that fits its width is placed on one line without pdfkit's line wrapper, and the document
// comes out byte for byte as the wrapper writes it; a text the wrapper would break, or would move to
// the next page, is left to the wrapper.
import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { loadFonts } from '../../src/formats/pdf/fonts.js';
import { placedOnOneLine } from '../../src/formats/pdf/one-line.js';

const fonts = await loadFonts([]);

/** A one-page document with `draw` done on it: its bytes and where it left the position. */
async function drawn(draw: (pdf: PDFKit.PDFDocument) => void) {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date(0) }, font: null } as unknown as PDFKit.PDFDocumentOptions);
  pdf.registerFont('regular', Buffer.from(fonts.regular));
  pdf.font('regular').fontSize(9);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => pdf.on('end', resolve));
  draw(pdf);
  const at = [pdf.x, pdf.y];
  pdf.end();
  await ended;
  return { bytes: Buffer.concat(chunks), at };
}

it.each([
  ['left', 'Swedish 60'],
  ['right', '1,234.56'],
  ['right', 'ends in spaces   '],
] as const)('places %s-aligned "%s" as the wrapper does', async (align, text) => {
  const options = { width: 96, align };
  const wrapped = await drawn((pdf) => pdf.text(text, 120, 300, options));
  let placed = false;
  const direct = await drawn((pdf) => (placed = placedOnOneLine(pdf, text, options, [120, 300])));
  expect(placed).toBe(true);
  expect(direct.at).toEqual(wrapped.at);
  expect(direct.bytes.equals(wrapped.bytes)).toBe(true);
});

it('leaves to the wrapper a text wider than its width, one with a line break, one past the page, and other options', async () => {
  const refused: boolean[] = [];
  await drawn((pdf) => {
    refused.push(placedOnOneLine(pdf, 'Deep tissue massage with hot stones', { width: 60 }, [50, 300]));
    refused.push(placedOnOneLine(pdf, 'two\nlines', { width: 200 }, [50, 300]));
    refused.push(placedOnOneLine(pdf, 'at the foot', { width: 200 }, [50, pdf.page.maxY() - 2]));
    refused.push(placedOnOneLine(pdf, 'centred', { width: 200, align: 'center' }, [50, 300]));
    refused.push(placedOnOneLine(pdf, 'cut short', { width: 200, ellipsis: true }, [50, 300]));
  });
  expect(refused).toEqual([false, false, false, false, false]);
});
