// Lexical rules shared by select, order, filters and logic trees, as PostgREST's QueryParams.hs
// names them (pIdentifier, pFieldName, pQuotedValue, pListVal, pLogicSingleVal).
import { MAX_IN_ITEMS, tooManyItems } from './bounds.js';
import type { Scanner } from './scanner.js';

const FIELD_NAME = 'field name (* or [a..z0..9_$])';

/** pIdentifierChar: a letter, a digit, `_`, a space or `$`. */
function isIdentifierChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) return true;
  return ch === '_' || ch === ' ' || ch === '$' || (ch > '\x7f' && /\p{L}/u.test(ch));
}

/** pQuotedValue: `"…"` in which a backslash takes the next character literally; null if unclosed. */
function quotedValue(text: string, at: number): { value: string; end: number } | null {
  let value = '';
  let chunk = at + 1;
  for (let i = chunk; i < text.length; i++) {
    if (text[i] === '"') return { value: value + text.slice(chunk, i), end: i + 1 };
    if (text[i] === '\\') {
      if (i + 1 === text.length) return null;
      value += text.slice(chunk, i) + text[i + 1];
      chunk = ++i + 1;
    }
  }
  return null;
}

/** pIdentifier: identifier characters, trimmed. */
export function identifier(s: Scanner, expected: readonly string[]): string {
  const start = s.at;
  while (isIdentifierChar(s.peek())) s.at++;
  if (s.at === start) throw s.stop(expected);
  return s.text.slice(start, s.at).trim();
}

/** pFieldName: a quoted name, or identifiers joined by `-` (a `-` before `>` is a JSON arrow). */
export function fieldName(s: Scanner): string {
  if (s.peek() === '"') {
    const quoted = quotedValue(s.text, s.at);
    if (!quoted) throw s.stop(['"\\""'], s.text.length);
    s.at = quoted.end;
    return quoted.value;
  }
  const parts = [identifier(s, [FIELD_NAME])];
  while (s.peek() === '-' && s.peek(1) !== '>') {
    s.at++;
    parts.push(identifier(s, [FIELD_NAME]));
  }
  return parts.join('-');
}

const endsItem = (ch: string | undefined) => ch === undefined || ch === ',' || ch === ')';

function unquotedItem(s: Scanner): string {
  const start = s.at;
  while (!endsItem(s.peek())) s.at++;
  return s.text.slice(start, s.at);
}

/** A quoted item counts as quoted only when `,`, `)` or the end follows its closing quote. */
function quotedItem(s: Scanner): string | null {
  const quoted = s.peek() === '"' ? quotedValue(s.text, s.at) : null;
  if (!quoted || !endsItem(s.text[quoted.end])) return null;
  s.at = quoted.end;
  return quoted.value;
}

/** pListVal: `(a,b,"c,d")`; items keep their spaces, except those just inside the parentheses. */
export function listValue(s: Scanner, column: string): string[] {
  s.skipSpaces();
  s.expectChar('(');
  s.skipSpaces();
  const items: string[] = [];
  for (;;) {
    items.push(quotedItem(s) ?? unquotedItem(s));
    if (items.length > MAX_IN_ITEMS) throw tooManyItems(column);
    if (s.peek() !== ',') break;
    s.at++;
  }
  s.skipSpaces();
  if (s.peek() !== ')') throw s.stop(['","', '")"']);
  s.at++;
  s.skipSpaces();
  // PostgREST reads a list of one empty item, `()` or `("")`, as the empty list (`= any('{}')`).
  return items.length === 1 && items[0] === '' ? [] : items;
}

/** pLogicSingleVal: a quoted value, a `{…}` array literal (its commas are its own), or text up to `,`/`)`. */
export function logicValue(s: Scanner): string {
  const quoted = quotedItem(s);
  if (quoted !== null) return quoted;
  if (s.peek() === '{') {
    let close = s.at + 1;
    while (close < s.text.length && s.text[close] !== '{' && s.text[close] !== '}') close++;
    if (s.text[close] === '}') {
      const literal = s.text.slice(s.at, close + 1);
      s.at = close + 1;
      return literal;
    }
  }
  return unquotedItem(s);
}
