// Parse failures, worded as PostgREST words them: its parsers are Parsec's, so the message is
// `"failed to parse filter (x)" (line 1, column 1)` and the details Parsec's
// `unexpected "x" expecting a, b or c`.
import { failures, type ServiceError } from '../../errors.js';

/** Where a parse stopped, what was found there and what would have been accepted. */
export class Stop {
  constructor(readonly at: number, readonly unexpected: string, readonly expected: readonly string[]) {}
}

/** Parsec reports the alternative that got further; at the same place it joins what each expected. */
export function furthest(first: Stop, second: Stop): Stop {
  if (first.at !== second.at) return first.at > second.at ? first : second;
  return new Stop(first.at, first.unexpected, [...new Set([...first.expected, ...second.expected])]);
}

const ASCII_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

/** Haskell's `show` of a String, which is how the source name reaches PostgREST's message. */
export function haskellString(text: string): string {
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text)) return `"${text}"`;
  let shown = '"';
  let guard = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // `\123` followed by a digit, or `\SO` followed by `H`, would read differently without `\&`.
    if ((guard === 'digit' && ch >= '0' && ch <= '9') || (guard === 'H' && ch === 'H')) shown += '\\&';
    guard = '';
    if (ch === '"') shown += '\\"';
    else if (ch === '\\') shown += '\\\\';
    else if (code >= 0x20 && code < 0x7f) shown += ch;
    else if (code < 0x20) {
      shown += `\\${ASCII_NAMES[code]}`;
      if (code === 0x0e) guard = 'H';
    } else if (code === 0x7f) shown += '\\DEL';
    else {
      shown += `\\${code}`;
      guard = 'digit';
    }
  }
  return `${shown}"`;
}

function characterAt(text: string, at: number): string {
  return String.fromCodePoint(text.codePointAt(at)!);
}

/** A token Parsec did not expect, shown as a one-character String. */
export function tokenAt(text: string, at: number): string {
  return at >= text.length ? 'end of input' : haskellString(characterAt(text, at));
}

/** What stands where the input should have ended; Parsec's `eof` shows it as a Char. */
export function leftoverAt(text: string, at: number): string {
  const ch = characterAt(text, at);
  if (ch === '\'') return '\'\\\'\'';
  return `'${ch === '"' ? ch : haskellString(ch).slice(1, -1)}'`;
}

/** Parsec's SourcePos: lines and columns from 1, a tab advancing to the next multiple of 8. */
function positionOf(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < at && i < text.length; i += text.codePointAt(i)! > 0xffff ? 2 : 1) {
    if (text[i] === '\n') {
      line++;
      column = 1;
    } else if (text[i] === '\t') column += 8 - ((column - 1) % 8);
    else column++;
  }
  return { line, column };
}

function commasOr(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

export function parseError(source: string, text: string, stop: Stop): ServiceError {
  const { line, column } = positionOf(text, stop.at);
  const expecting = stop.expected.length > 0 ? ` expecting ${commasOr(stop.expected)}` : '';
  return failures.parse(`${haskellString(source)} (line ${line}, column ${column})`,
    `unexpected ${stop.unexpected}${expecting}`);
}
