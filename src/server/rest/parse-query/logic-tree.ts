// Logic trees: `or=(a.eq.1,and(b.gt.2,not.or(c.is.null,c.lt.0)))`; PostgREST's pRequestLogicTree
// (pLogicTree).
import type { Condition, Filter, Group } from '../query.js';
import { MAX_LOGIC_DEPTH, tooDeep } from './bounds.js';
import { condition } from './filter.js';
import { fieldName } from './lexical.js';
import { furthest, Stop } from './parse-error.js';
import { parseWith, type Scanner } from './scanner.js';

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

export function parseLogicTree(key: 'or' | 'and' | 'not.or' | 'not.and', value: string): Group {
  // PostgREST parses `key + value` (`or(…)`), so the top level reads like a nested group; the
  // columns in its messages count from the start of that text.
  return parseWith(`failed to parse logic tree (${value})`, key + value, (s) => logicGroup(s, 1, null));
}
