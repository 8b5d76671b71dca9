// `select=`: a list of columns, aliases and casts; PostgREST's pRequestSelect (pFieldForest,
// pFieldSelect), without resource embedding.
import { failures } from '../../errors.js';
import type { SelectItem } from '../query.js';
import { fieldName, identifier } from './lexical.js';
import { notEmbeddable } from './parse-error.js';
import { parseWith, type Scanner } from './scanner.js';

/** The text of the item at `start`, up to its `,` or through its parentheses: what a refusal names. */
export function selectItemText(text: string, start: number): string {
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

export function parseSelect(value: string): SelectItem[] {
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
