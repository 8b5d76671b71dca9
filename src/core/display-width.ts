// How many terminal columns text takes: what aligning by characters gets wrong. "李小龍" is three
// characters and six columns, "🌸" two characters and two columns, "é" as e + U+0301 two and one.
// string-width measures by grapheme and East Asian width, as cli-table3 (string-width too) pads cells.
import stringWidth from 'string-width';

/** The columns `text` takes on a terminal (ANSI colour codes take none). */
export const displayWidth = (text: string): number => stringWidth(text);

/** `text` followed by spaces up to `width` columns: padEnd by what a terminal shows. */
function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** Each line's cells padded to the widest of their column, two spaces apart; a column empty on every line is left out. */
export function alignColumns(lines: readonly (readonly string[])[]): string[] {
  const widths = (lines[0] ?? []).map((_, column) => Math.max(...lines.map((cells) => displayWidth(cells[column]!))));
  return lines.map((cells) => cells.flatMap((cell, column) => (widths[column] === 0 ? [] : [padToWidth(cell, widths[column]!)])).join('  '));
}
