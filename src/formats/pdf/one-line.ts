// A text placed on one line without pdfkit's line wrapper, where the wrapper would put it.
/**
 * Places a text at `at` when it fits its width on one line of the page, where and as pdfkit's line
 * wrapper would (aligned in the width, the position left under it), and says whether it did. The
 * wrapper finds the line breaks and lays each word out again: for the cells of an invoice's table,
 * nearly all one short line, that was ~7 ms of a year's invoice pdf (bench/money/invoice-pdf.mjs).
 */
export function placedOnOneLine(pdf: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions, at: [number, number]): boolean {
  const { width, align = 'left', ...rest } = options;
  if (width === undefined || (align !== 'left' && align !== 'right') || Object.keys(rest).some((key) => key !== 'lineBreak')) return false;
  const lineHeight = pdf.currentLineHeight(true);
  if (text.includes('\n') || pdf.widthOfString(text) > width || at[1] + lineHeight > pdf.page.maxY()) return false;
  const x = align === 'right' ? at[0] + width - pdf.widthOfString(text.trimEnd()) : at[0];
  pdf.text(text, x, at[1], { lineBreak: false });
  pdf.x = at[0];
  pdf.y = at[1] + lineHeight;
  return true;
}
