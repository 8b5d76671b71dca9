// Text from the data as it may reach a terminal or a TSV line: control characters (C0, DEL, C1) are
// shown as escapes, so a stored ESC sequence cannot move the cursor, recolour or retitle a terminal.
// JSON output never goes through here: JSON.stringify escapes C0 itself, and scripts want the values.

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * `text` with every control character written as an escape: `\t`, `\n`, `\r`, the rest `\xNN`
 * (ESC is `\x1b`). Characters in `keep` stay as they are (a message keeps its line breaks).
 */
export function visibleText(text: string, keep = ''): string {
  return text.replace(CONTROL, (char) => (keep.includes(char) ? char : (NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)));
}
