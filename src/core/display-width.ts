// How many terminal columns text takes: what aligning by characters gets wrong. "李小龍" is three
// characters and six columns, "🌸" two characters and two columns, "é" as e + U+0301 two and one.
// string-width measures by grapheme and East Asian width, as cli-table3 (string-width too) pads cells.

/** Printable ASCII: one column a character, which is what string-width says of it too. */
const NARROW = /^[\x20-\x7e]*$/;

type StringWidth = (text: string) => number;
let stringWidth: StringWidth | undefined;

/**
 * string-width, required on the first text that is not printable ASCII. Loaded up front it cost
 * every command ~320 million instructions (3.5x `node -e 0`, callgrind, Node 20 and 24): an ES
 * module (Node's ESM loader), an Intl.Segmenter and Unicode property tables built from ICU at load.
 * A synchronous require because widths are asked for inside synchronous code; the CLI is CommonJS
 * (src/build/bundle-cli.mjs), and Node 20.19+ requires an ES module.
 */
function exactWidth(): StringWidth {
  stringWidth ??= (require('string-width') as typeof import('string-width')).default;
  return stringWidth;
}

/** The columns `text` takes on a terminal (ANSI colour codes take none). */
export const displayWidth = (text: string): number => (NARROW.test(text) ? text.length : exactWidth()(text));

/** `text` followed by spaces up to `width` columns: padEnd by what a terminal shows. */
function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** Each line's cells padded to the widest of their column, two spaces apart; a column empty on every line is left out. */
export function alignColumns(lines: readonly (readonly string[])[]): string[] {
  const widths = (lines[0] ?? []).map((_, column) => Math.max(...lines.map((cells) => displayWidth(cells[column]!))));
  // The last column is not padded: a line ends where its text does.
  return lines.map((cells) => cells.flatMap((cell, column) => (widths[column] === 0 ? [] : [padToWidth(cell, widths[column]!)])).join('  ').trimEnd());
}
