// Stage 1 of a REST request (parse -> plan -> SQL -> response): the raw query string becomes a
// ParsedQuery as PostgREST's QueryParams.hs reads it. Pure: nothing here knows the schema.
import { failures, type ServiceError } from '../errors.js';
import type { Condition, Filter, FilterOperator, Group, OrderTerm, ParsedQuery, SelectItem } from './query.js';

/** DESIGN.md section 4: bounds that keep a hostile query string cheap to refuse. */
export const MAX_IN_ITEMS = 1000;
export const MAX_LOGIC_DEPTH = 10;

// ---- The query string, split and decoded as WAI hands it to PostgREST (http-types'
// parseQueryReplacePlus True): `&` and `;` both separate, `+` is a space, a malformed
// %-escape stays as typed, and the bytes are read as UTF-8 (leniently: U+FFFD, never a 500).

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function percentDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  const bytes = Buffer.from(text, 'utf8');
  const decoded = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const high = byte === 0x25 && i + 2 < bytes.length ? hexValue(bytes[i + 1]!) : -1;
    const low = high >= 0 ? hexValue(bytes[i + 2]!) : -1;
    if (low >= 0) {
      decoded[length++] = high * 16 + low;
      i += 2;
    } else {
      decoded[length++] = byte === 0x2b ? 0x20 : byte;
    }
  }
  return decoded.toString('utf8', 0, length);
}

/** Key and value of each parameter; the value is null when the item has no `=`. */
function splitQueryString(search: string): Array<[string, string | null]> {
  const params: Array<[string, string | null]> = [];
  for (const item of search.split(/[&;]/)) {
    if (item === '') continue;
    const equals = item.indexOf('=');
    params.push(equals === -1
      ? [percentDecode(item), null]
      : [percentDecode(item.slice(0, equals)), percentDecode(item.slice(equals + 1))]);
  }
  return params;
}

// ---- Parse failures, worded as PostgREST words them: its parsers are Parsec's, so the message is
// `"failed to parse filter (x)" (line 1, column 1)` and the details Parsec's
// `unexpected "x" expecting a, b or c`.

/** Where a parse stopped, what was found there and what would have been accepted. */
class Stop {
  constructor(readonly at: number, readonly unexpected: string, readonly expected: readonly string[]) {}
}

/** Parsec reports the alternative that got further; at the same place it joins what each expected. */
function furthest(first: Stop, second: Stop): Stop {
  if (first.at !== second.at) return first.at > second.at ? first : second;
  return new Stop(first.at, first.unexpected, [...new Set([...first.expected, ...second.expected])]);
}

const ASCII_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

/** Haskell's `show` of a String, which is how the source name reaches PostgREST's message. */
function haskellString(text: string): string {
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
function tokenAt(text: string, at: number): string {
  return at >= text.length ? 'end of input' : haskellString(characterAt(text, at));
}

/** What stands where the input should have ended; Parsec's `eof` shows it as a Char. */
function leftoverAt(text: string, at: number): string {
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

function parseError(source: string, text: string, stop: Stop): ServiceError {
  const { line, column } = positionOf(text, stop.at);
  const expecting = stop.expected.length > 0 ? ` expecting ${commasOr(stop.expected)}` : '';
  return failures.parse(`${haskellString(source)} (line ${line}, column ${column})`,
    `unexpected ${stop.unexpected}${expecting}`);
}

const FIELD_NAME = 'field name (* or [a..z0..9_$])';
const OPERATOR_LABEL = 'operator (eq, gt, ...)';
const END = ['end of input'];

function tooManyItems(column: string): ServiceError {
  return failures.parse(`Too many values in the in list of ${column}: at most ${MAX_IN_ITEMS} are allowed`,
    'Split the request into several smaller ones.');
}

function tooDeep(): ServiceError {
  return failures.parse(`Logic tree nested too deeply: at most ${MAX_LOGIC_DEPTH} levels of and/or are allowed`,
    'Flatten the and/or groups of the or=/and= parameter.');
}

function notEmbeddable(item: string, where: string): ServiceError {
  return failures.parse(`Resource embedding is not supported (${item})`,
    `${where} may name columns of the requested table only.`);
}

// ---- A cursor over one parameter's text. Every rule below reads each character a bounded number
// of times, so a parse is linear in the input, and only logic groups recurse (at most
// MAX_LOGIC_DEPTH deep), so no input can exhaust the stack.

class Scanner {
  at = 0;
  constructor(readonly text: string) {}

  peek(offset = 0): string | undefined {
    return this.text[this.at + offset];
  }

  startsWith(word: string, at = this.at): boolean {
    return this.text.startsWith(word, at);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.at++;
  }

  stop(expected: readonly string[], at = this.at): Stop {
    return new Stop(at, tokenAt(this.text, at), expected);
  }

  /** Parsec's `string` fails at the word's start yet names the first character that differs. */
  mismatch(word: string, expected: readonly string[], at = this.at): Stop {
    let offset = 0;
    while (offset < word.length && this.text[at + offset] === word[offset]) offset++;
    return new Stop(at, tokenAt(this.text, at + offset), expected);
  }

  expectChar(ch: string): void {
    if (this.peek() !== ch) throw this.stop([haskellString(ch)]);
    this.at++;
  }

  /** The end of an item (Parsec's `pEnd`): only `,` or the end of the text may follow. */
  expectItemEnd(expected: readonly string[]): void {
    if (this.at < this.text.length && this.peek() !== ',') {
      throw new Stop(this.at, leftoverAt(this.text, this.at), expected);
    }
  }
}

/**
 * Runs one parameter's parser over its whole text. Unlike PostgREST, which stops reading where its
 * grammar ends and ignores the rest (`and=(id.eq.1))` passes there), anything left over is an error
 * here: a silently dropped tail hides client bugs.
 */
function parseWith<T>(source: string, text: string, parse: (s: Scanner) => T, end = END): T {
  const s = new Scanner(text);
  try {
    const result = parse(s);
    if (s.at < text.length) throw new Stop(s.at, leftoverAt(text, s.at), end);
    return result;
  } catch (failure) {
    if (failure instanceof Stop) throw parseError(source, text, failure);
    throw failure;
  }
}

// ---- Lexical rules shared by select, order, filters and logic trees.

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
function identifier(s: Scanner, expected: readonly string[]): string {
  const start = s.at;
  while (isIdentifierChar(s.peek())) s.at++;
  if (s.at === start) throw s.stop(expected);
  return s.text.slice(start, s.at).trim();
}

/** pFieldName: a quoted name, or identifiers joined by `-` (a `-` before `>` is a JSON arrow). */
function fieldName(s: Scanner): string {
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
function listValue(s: Scanner, column: string): string[] {
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
function logicValue(s: Scanner): string {
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

// ---- Filters: `[not.]operator.value`, at the top level and inside logic trees.

const OPERATORS: readonly FilterOperator[] = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
];
// Operators that take PostgREST's `(any)`/`(all)` quantifier.
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
// PostgREST knows these; this server does not, and says so instead of calling them unknown.
const FOREIGN_OPERATORS = new Set(['cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'];

function unsupportedOperator(spelled: string): ServiceError {
  return failures.parse(`Unsupported filter operator (${spelled})`,
    `Supported operators: ${OPERATORS.join(', ')}, each optionally after not.`);
}

/** Reads `operator.` and returns the operator, or stops where PostgREST's parser would. */
function operator(s: Scanner, negated: boolean): FilterOperator {
  const start = s.at;
  let end = start;
  while (s.text[end] !== undefined && s.text[end]! >= 'a' && s.text[end]! <= 'z') end++;
  const word = s.text.slice(start, end);
  const known = OPERATORS.find((op) => op === word);
  if (known && s.text[end] === '.') {
    s.at = end + 1;
    return known;
  }
  const quantified = QUANTIFIABLE.has(word) && (s.startsWith('(any).', end) || s.startsWith('(all).', end));
  if (FOREIGN_OPERATORS.has(word) || quantified) {
    const dot = s.text.indexOf('.', end);
    throw unsupportedOperator(s.text.slice(start, dot === -1 ? s.text.length : dot));
  }
  // Parsec tries every operator; the one that read furthest (`eqx` stops after `eq`) is reported.
  const prefix = OPERATORS.filter((op) => word.startsWith(op)).sort((a, b) => b.length - a.length)[0];
  if (prefix) throw s.stop([OPERATOR_LABEL], start + prefix.length);
  if (!negated && word.startsWith('not')) throw s.stop(['delimiter (.)'], start + 3);
  throw negated ? s.mismatch('in', [OPERATOR_LABEL]) : s.mismatch('not', ['"not"', OPERATOR_LABEL]);
}

/** pIsVal, case-insensitive; the keyword is returned lower-cased. */
function isValue(s: Scanner): string {
  const keyword = IS_VALUES.find((word) =>
    [...word].every((ch, i) => s.peek(i) === ch || s.peek(i) === ch.toUpperCase()));
  if (!keyword) throw s.stop(['isVal: (null, not_null, true, false, unknown)']);
  s.at += keyword.length;
  return keyword;
}

/** `[not.]operator.value`; a top-level filter's value is the rest verbatim, a logic tree's ends at `,`/`)`. */
function condition(s: Scanner, column: string, inLogicTree: boolean): Condition {
  const negated = s.startsWith('not.');
  if (negated) s.at += 4;
  const op = operator(s, negated);
  let value: string | string[];
  if (op === 'in') value = listValue(s, column);
  else if (op === 'is') value = isValue(s);
  else if (inLogicTree) value = logicValue(s);
  else {
    value = s.text.slice(s.at);
    s.at = s.text.length;
  }
  return { kind: 'condition', column, negated, operator: op, value };
}

function parseFilter(key: string, value: string): Condition {
  const column = parseWith(`failed to parse tree path (${key})`, key, (s) => {
    const name = fieldName(s);
    if (s.peek() === '.') throw notEmbeddable(key, 'A filter');
    return name;
  });
  return parseWith(`failed to parse filter (${value})`, value, (s) => condition(s, column, false));
}

// ---- Logic trees: `or=(a.eq.1,and(b.gt.2,not.or(c.is.null,c.lt.0)))`.

/** pLogicFilter: `column.[not.]operator.value`. */
function logicCondition(s: Scanner): Condition {
  s.skipSpaces();
  const column = fieldName(s);
  s.skipSpaces();
  if (s.peek() !== '.') throw s.stop(['delimiter (.)']);
  s.at++;
  return condition(s, column, true);
}

/** One item of a group: a condition if it reads as one, else a nested group (as PostgREST tries them). */
function logicItem(s: Scanner, depth: number): Filter {
  const start = s.at;
  try {
    return logicCondition(s);
  } catch (failure) {
    if (!(failure instanceof Stop)) throw failure;
    s.at = start;
    return logicGroup(s, depth + 1, failure);
  }
}

function logicGroup(s: Scanner, depth: number, conditionFailure: Stop | null): Group {
  const negated = s.startsWith('not.');
  if (negated) s.at += 4;
  const op = s.startsWith('and') ? 'and' : s.startsWith('or') ? 'or' : null;
  if (op === null) {
    if (negated) throw s.mismatch('and', ['logic operator (and, or)']);
    const own = s.mismatch('not', ['negation operator (not)', 'logic operator (and, or)']);
    throw conditionFailure ? furthest(conditionFailure, own) : own;
  }
  if (depth > MAX_LOGIC_DEPTH) throw tooDeep();
  s.at += op.length;
  s.skipSpaces();
  s.expectChar('(');
  s.skipSpaces();
  const filters = [logicItem(s, depth)];
  for (s.skipSpaces(); s.peek() === ','; s.skipSpaces()) {
    s.at++;
    s.skipSpaces();
    filters.push(logicItem(s, depth));
  }
  if (s.peek() !== ')') throw s.stop(['","', '")"']);
  s.at++;
  s.skipSpaces();
  return { kind: 'group', negated, operator: op, filters };
}

function parseLogicTree(key: 'or' | 'and' | 'not.or' | 'not.and', value: string): Group {
  // PostgREST parses `key + value` (`or(…)`), so the top level reads like a nested group; the
  // columns in its messages count from the start of that text.
  return parseWith(`failed to parse logic tree (${value})`, key + value, (s) => logicGroup(s, 1, null));
}

// ---- select, order, columns and on_conflict.

function selectItemText(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth <= 0) return text.slice(start, i + 1);
    else if (text[i] === ',' && depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** pFieldSelect: `*`, `column`, `alias:column`, `column::type`; an embedding is refused by name. */
function selectItem(s: Scanner): SelectItem {
  s.skipSpaces();
  const start = s.at;
  if (s.peek() === '*') {
    s.at++;
    s.skipSpaces();
    s.expectItemEnd(['","', 'end of input']);
    return { column: '*', alias: null, cast: null };
  }
  if (s.startsWith('...')) throw notEmbeddable(selectItemText(s.text, start), 'select');
  let column = fieldName(s);
  let alias: string | null = null;
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.at++;
    alias = column;
    column = fieldName(s);
  }
  if (s.peek() === '(' && s.peek(1) === ')') {
    throw failures.parse(`Aggregate functions are not supported (${selectItemText(s.text, start)})`, null);
  }
  if (s.peek() === '(' || s.peek() === '!') throw notEmbeddable(selectItemText(s.text, start), 'select');
  let cast: string | null = null;
  if (s.startsWith('::')) {
    s.at += 2;
    cast = identifier(s, ['letter or digit']);
  }
  s.skipSpaces();
  s.expectItemEnd(cast === null ? ['"::"', '","', 'end of input'] : ['","', 'end of input']);
  return { column, alias, cast };
}

function parseSelect(value: string): SelectItem[] {
  // PostgREST 12+ accepts an empty select: rows come back as empty objects.
  if (value === '') return [];
  return parseWith(`failed to parse select parameter (${value})`, value, (s) => {
    const items = [selectItem(s)];
    while (s.peek() === ',') {
      s.at++;
      items.push(selectItem(s));
    }
    return items;
  });
}

const NULLS = [['nullsfirst', 'first'], ['nullslast', 'last']] as const;

function nullsAt(s: Scanner, at: number): OrderTerm['nulls'] {
  for (const [word, nulls] of NULLS) {
    if (s.startsWith(word, at)) {
      s.at = at + word.length;
      return nulls;
    }
  }
  return null;
}

/** pOrderTerm: `column[.asc|.desc][.nullsfirst|.nullslast]`, keywords matched as prefixes like Parsec. */
function orderTerm(s: Scanner): OrderTerm {
  s.skipSpaces();
  const start = s.at;
  const column = fieldName(s);
  if (s.peek() === '(') throw notEmbeddable(selectItemText(s.text, start), 'order');
  s.skipSpaces();
  let direction: OrderTerm['direction'] = 'asc';
  let nulls: OrderTerm['nulls'] = null;
  if (s.peek() === '.') {
    const word = s.at + 1;
    const named = s.startsWith('asc', word) ? 'asc' : s.startsWith('desc', word) ? 'desc' : null;
    if (named) {
      direction = named;
      s.at = word + named.length;
      if (s.peek() === '.') {
        nulls = nullsAt(s, s.at + 1);
        if (!nulls) throw s.mismatch('nullsfirst', ['"nullsfirst"', '"nullslast"'], s.at + 1);
      }
    } else {
      nulls = nullsAt(s, word);
      if (!nulls) throw s.mismatch('asc', ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'], word);
    }
  }
  s.skipSpaces();
  s.expectItemEnd(nulls ? ['","', 'end of input'] : ['delimiter (.)', '","', 'end of input']);
  return { column, direction, nulls };
}

function parseOrder(value: string): OrderTerm[] {
  return parseWith(`failed to parse order (${value})`, value, (s) => {
    const terms = [orderTerm(s)];
    while (s.peek() === ',') {
      s.at++;
      terms.push(orderTerm(s));
    }
    return terms;
  });
}

/** pColumns, for `columns=` and `on_conflict=`. */
function parseColumnList(name: 'columns' | 'on_conflict', value: string): string[] {
  return parseWith(`failed to parse ${name} parameter (${value})`, value, (s) => {
    const names = [fieldName(s)];
    for (s.skipSpaces(); s.peek() === ','; s.skipSpaces()) {
      s.at++;
      s.skipSpaces();
      names.push(fieldName(s));
    }
    return names;
  }, ['","', 'end of input']);
}

// ---- limit and offset. PostgREST reads them with Haskell's readMaybe and silently ignores what is
// not an integer; here that is a 400 (PGRST100), so a client's typo cannot turn into a full read.

function parseInteger(name: 'limit' | 'offset', value: string): number {
  const digits = value.startsWith('-') ? 1 : 0;
  let end = digits;
  while (end < value.length && value[end]! >= '0' && value[end]! <= '9') end++;
  if (end === digits || end < value.length) {
    throw parseError(`failed to parse ${name} parameter (${value})`, value, new Stop(end, tokenAt(value, end), ['digit']));
  }
  // Beyond 2^53 a count means "all of them"; -0 is 0.
  const number = Number(value);
  return Number.isSafeInteger(number) ? number + 0 : Math.sign(number) * Number.MAX_SAFE_INTEGER;
}

function parseLimit(value: string): number {
  const limit = parseInteger('limit', value);
  if (limit < 0) throw failures.invalidRange('Limit should be greater than or equal to zero.');
  return limit;
}

/** A negative offset is a no-op in PostgREST (RangeSpec "succeeds if offset is negative"). */
function parseOffset(value: string): number | null {
  const offset = parseInteger('offset', value);
  return offset < 0 ? null : offset;
}

/**
 * The query string (without `?`) as PostgREST reads it. `select`, `columns`, `on_conflict` and
 * `order` count once (the first); a repeated `limit`/`offset` takes the last; every other key is a
 * filter, all of them kept, ANDed together. A key without `=` is ignored, as PostgREST does.
 */
export function parseQuery(search: string): ParsedQuery {
  const query: ParsedQuery = {
    filters: [], select: null, order: [], limit: null, offset: null, columns: null, onConflict: null,
  };
  const seen = new Set<string>();
  const first = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  for (const [key, value] of splitQueryString(search)) {
    // The gateway consumed `apikey`; it is not a filter on a column of that name.
    if (value === null || key === 'apikey') continue;
    switch (key) {
      case 'select':
        if (first(key)) query.select = parseSelect(value);
        break;
      case 'columns':
        if (first(key)) query.columns = parseColumnList(key, value);
        break;
      case 'on_conflict':
        if (first(key)) query.onConflict = parseColumnList(key, value);
        break;
      case 'order': {
        const terms = parseOrder(value);
        if (first(key)) query.order = terms;
        break;
      }
      case 'limit':
        query.limit = parseLimit(value);
        break;
      case 'offset':
        query.offset = parseOffset(value);
        break;
      case 'or':
      case 'and':
      case 'not.or':
      case 'not.and':
        query.filters.push(parseLogicTree(key, value));
        break;
      default:
        query.filters.push(parseFilter(key, value));
    }
  }
  return query;
}
