// `order=`: columns with direction and nulls placement; PostgREST's pRequestOrder (pOrder,
// pOrderTerm, pOrderRelationTerm).
import type { OrderTerm } from '../query.js';
import { fieldName } from './lexical.js';
import { parseWith, type Scanner } from './scanner.js';

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

/**
 * pOrderTerm: `column[.asc|.desc][.nullsfirst|.nullslast]`, keywords matched as prefixes like Parsec;
 * pOrderRelationTerm: `relation(column)` and the same, a column of an embedded to-one resource.
 */
function orderTerm(s: Scanner): OrderTerm {
  s.skipSpaces();
  let relation: string | null = null;
  let column = fieldName(s);
  if (s.peek() === '(') {
    s.at++;
    relation = column;
    s.skipSpaces();
    column = fieldName(s);
    s.skipSpaces();
    s.expectChar(')');
  }
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
  return { relation, column, direction, nulls };
}

export function parseOrder(value: string): OrderTerm[] {
  return parseWith(`failed to parse order (${value})`, value, (s) => {
    const terms = [orderTerm(s)];
    while (s.peek() === ',') {
      s.at++;
      terms.push(orderTerm(s));
    }
    return terms;
  });
}
