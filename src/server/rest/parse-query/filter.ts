// Filters: `[not.]operator.value`, at the top level and inside logic trees; PostgREST's
// pRequestFilter (pTreePath for the key, pOpExpr for the value).
import { failures, type ServiceError } from '../../errors.js';
import type { Condition, FilterOperator } from '../query.js';
import { listValue, logicValue } from './lexical.js';
import { parseWith, type Scanner } from './scanner.js';
import { treePath } from './tree-path.js';

const OPERATOR_LABEL = 'operator (eq, gt, ...)';

const OPERATORS: readonly FilterOperator[] = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts',
];
// PostgREST's quantOperator: these take an `(any)`/`(all)` quantifier (neq does not).
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
// Full-text search, with an optional configuration: `fts(english).`.
const FULL_TEXT = new Set(['fts', 'plfts', 'phfts', 'wfts']);
// PostgREST knows these (ranges and arrays); this server does not, and says so instead of calling them unknown.
const FOREIGN_OPERATORS = new Set(['cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']);
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'];

function unsupportedOperator(spelled: string): ServiceError {
  return failures.parse(`Unsupported filter operator (${spelled})`,
    `Supported operators: ${OPERATORS.join(', ')}, each optionally after not.; ${[...QUANTIFIABLE].join(', ')} ` +
    `also as op(any) or op(all) with a {…} list; ${[...FULL_TEXT].join(', ')} also as op(config).`);
}

interface Operation {
  operator: FilterOperator;
  quantifier?: 'any' | 'all';
  config?: string;
}

/** `(config).` after a full-text operator (pFts: pIdentifier between parentheses); null when absent. */
function ftsConfig(s: Scanner, at: number): { config: string; end: number } | null {
  if (s.text[at] !== '(') return null;
  const close = s.text.indexOf(')', at);
  const config = close === -1 ? '' : s.text.slice(at + 1, close).trim();
  if (config === '' || !/^[\p{L}\p{N}_$ ]+$/u.test(config) || s.text[close + 1] !== '.') return null;
  return { config, end: close + 2 };
}

/** Reads `operator.`, `operator(any).` or `fts(config).`, or stops where PostgREST's parser would. */
function operator(s: Scanner, negated: boolean): Operation {
  const start = s.at;
  let end = start;
  while (s.text[end] !== undefined && s.text[end]! >= 'a' && s.text[end]! <= 'z') end++;
  const word = s.text.slice(start, end);
  const known = OPERATORS.find((op) => op === word);
  if (known && s.text[end] === '.') {
    s.at = end + 1;
    return { operator: known };
  }
  if (known && QUANTIFIABLE.has(known) && (s.startsWith('(any).', end) || s.startsWith('(all).', end))) {
    s.at = end + 6;
    return { operator: known, quantifier: s.text.slice(end + 1, end + 4) as 'any' | 'all' };
  }
  const config = known && FULL_TEXT.has(known) ? ftsConfig(s, end) : null;
  if (known && config) {
    s.at = config.end;
    return { operator: known, config: config.config };
  }
  if (FOREIGN_OPERATORS.has(word)) {
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
export function condition(s: Scanner, column: string, inLogicTree: boolean): Condition {
  const negated = s.startsWith('not.');
  if (negated) s.at += 4;
  const { operator: op, ...modifiers } = operator(s, negated);
  let value: string | string[];
  if (op === 'in') value = listValue(s, column);
  else if (op === 'is') value = isValue(s);
  else if (inLogicTree) value = logicValue(s);
  else {
    value = s.text.slice(s.at);
    s.at = s.text.length;
  }
  return { kind: 'condition', column, negated, operator: op, value, ...modifiers };
}

/** `[path.]column=[not.]operator.value`: the path names the embedded resource the filter applies to. */
export function parseFilter(key: string, value: string): { path: string[]; filter: Condition } {
  const names = treePath(key);
  const column = names.pop()!;
  return { path: names, filter: parseWith(`failed to parse filter (${value})`, value, (s) => condition(s, column, false)) };
}
