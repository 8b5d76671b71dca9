// `select=`: columns, aliases, casts and embedded resources; PostgREST's pRequestSelect
// (pFieldForest, pFieldSelect, pRelationSelect, pSpreadRelationSelect, pEmbedParams).
import { failures } from '../../errors.js';
import type { ColumnItem, EmbedItem, SelectItem } from '../query.js';
import { MAX_EMBED_DEPTH, MAX_EMBEDS, MAX_SELECT_COLUMNS, tooDeeplyEmbedded, tooManyColumns, tooManyEmbeds } from './bounds.js';
import { fieldName, identifier } from './lexical.js';
import { parseWith, type Scanner } from './scanner.js';

/** pEmbedParams: up to two of `!inner`, `!left` and `!<hint>`, in either order. */
function embedParams(s: Scanner): Pick<EmbedItem, 'hint' | 'join'> {
  let hint: string | null = null;
  let join: EmbedItem['join'] = null;
  for (let i = 0; i < 2 && s.peek() === '!'; i++) {
    s.at++;
    const word = fieldName(s);
    if (word === 'inner' || word === 'left') join ??= word;
    else hint ??= word;
  }
  return { hint, join };
}

/** `relation[!hint][!inner|!left](items)`, the relation's name (and alias) already read. */
function embed(s: Scanner, relation: string, alias: string | null, spread: boolean, depth: number): EmbedItem {
  const params = embedParams(s);
  if (depth > MAX_EMBED_DEPTH) throw tooDeeplyEmbedded();
  s.expectChar('(');
  const select = forest(s, depth);
  s.expectChar(')');
  return { kind: 'embed', relation, alias, ...params, spread, select };
}

/** What may follow an item: `,`, the `)` closing an embedded resource, or the end. */
function itemEnd(s: Scanner, depth: number, expected: string[]): void {
  s.skipSpaces();
  s.expectItemEnd(depth > 0 ? [...expected.slice(0, -1), '")"', ...expected.slice(-1)] : expected, depth > 0 ? ')' : null);
}

const AGGREGATE = /^\.(sum|avg|max|min|count)\(\)/;

/** pFieldSelect: `*`, `column`, `alias:column`, `column::type`, `count`. */
function column(s: Scanner, name: string, alias: string | null, depth: number): ColumnItem {
  // `count()` and `column.sum()`: PostgREST reads them, then refuses them with aggregates off, as
  // on Supabase (db-aggregates-enabled is false there).
  if ((name === 'count' && s.startsWith('()')) || AGGREGATE.test(s.text.slice(s.at))) throw failures.aggregatesDisabled();
  let cast: string | null = null;
  if (s.startsWith('::')) {
    s.at += 2;
    cast = identifier(s, ['letter or digit']);
  }
  itemEnd(s, depth, cast === null ? ['"::"', '","', 'end of input'] : ['","', 'end of input']);
  return { kind: 'column', column: name, alias, cast };
}

/** pFieldTree: a spread, an embedded resource, or a column, tried in that order as PostgREST does. */
function selectItem(s: Scanner, depth: number): SelectItem {
  s.skipSpaces();
  if (s.peek() === '*') {
    s.at++;
    itemEnd(s, depth, ['","', 'end of input']);
    return { kind: 'column', column: '*', alias: null, cast: null };
  }
  if (s.startsWith('...')) {
    s.at += 3;
    const item = embed(s, fieldName(s), null, true, depth + 1);
    itemEnd(s, depth, ['","', 'end of input']);
    return item;
  }
  let name = fieldName(s);
  let alias: string | null = null;
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.at++;
    alias = name;
    name = fieldName(s);
  }
  const isCount = name === 'count' && s.startsWith('()');
  if (!isCount && (s.peek() === '(' || s.peek() === '!')) {
    const item = embed(s, name, alias, false, depth + 1);
    itemEnd(s, depth, ['","', 'end of input']);
    return item;
  }
  return column(s, name, alias, depth);
}

/** pFieldForest: items separated by `,`; inside an embedded resource it may be empty (`actors()`). */
function forest(s: Scanner, depth: number): SelectItem[] {
  s.skipSpaces();
  if (depth > 0 && s.peek() === ')') return [];
  const items = [selectItem(s, depth)];
  while (s.peek() === ',') {
    s.at++;
    items.push(selectItem(s, depth));
  }
  return items;
}

/** Items at every level, and how many of them are embedded resources (joins). */
function countItems(items: SelectItem[], counts = { items: 0, embeds: 0 }): { items: number; embeds: number } {
  for (const item of items) {
    counts.items++;
    if (item.kind === 'embed') {
      counts.embeds++;
      countItems(item.select, counts);
    }
  }
  return counts;
}

export function parseSelect(value: string): SelectItem[] {
  // PostgREST 12+ accepts an empty select: rows come back as empty objects.
  if (value === '') return [];
  const items = parseWith(`failed to parse select parameter (${value})`, value, (s) => forest(s, 0));
  const counts = countItems(items);
  if (counts.items > MAX_SELECT_COLUMNS) throw tooManyColumns();
  if (counts.embeds > MAX_EMBEDS) throw tooManyEmbeds();
  return items;
}
