// `order=`: columns with direction and nulls placement; PostgREST's pRequestOrder (pOrder,
// pOrderTerm).
import type { OrderTerm } from '../query.js';
import { fieldName } from './lexical.js';
import { notEmbeddable } from './parse-error.js';
import { parseWith, type Scanner } from './scanner.js';
import { selectItemText } from './select.js';

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
