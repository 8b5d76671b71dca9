// The query builder: filters, select, order and paging as PostgREST reads them (PROTOCOL.md sections
// 1-2), rendered to the exact query string. User text is quoted and percent-encoded, never spliced.
import { BadInputError } from './errors.js';

type Value = string | number | boolean;
/** The keywords `is` accepts: null, true, false, unknown and not_null. */
type IsValue = null | boolean | 'unknown' | 'not_null';
/** How literal text meets a column in like/ilike: anywhere in it, all of it, at its start or end. */
type TextMatch = 'contains' | 'exact' | 'prefix' | 'suffix';
export type Direction = 'asc' | 'desc';

type Operator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'in' | 'is' | 'isdistinct';

interface Condition {
  kind: 'condition';
  column: string;
  operator: Operator;
  negated: boolean;
  /** A keyword (`is`), the items of `in`, or the text of any other operator. */
  value: string | string[];
}

interface Group {
  kind: 'group';
  operator: 'and' | 'or';
  negated: boolean;
  filters: Filter[];
}

type Filter = Condition | Group;
export type ColumnOf<Row> = Extract<keyof Row, string>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Items that need no quotes in an `in.(...)` list or a logic tree; anything else is quoted.
const PLAIN_ITEM = /^[A-Za-z0-9_-]+$/;

function checkIdentifier(name: string, what = 'column'): string {
  if (!IDENTIFIER.test(name)) {
    throw new BadInputError(`"${name}" is not a valid ${what} name.`, 'Names are letters, digits and underscores, starting with a letter.');
  }
  return name;
}

/** Percent-encodes one key or value of the query string; `,` and `:` stay readable (they delimit nothing there). */
export function encodeQueryComponent(text: string): string {
  try {
    return encodeURIComponent(text).replace(/%2C/g, ',').replace(/%3A/g, ':');
  } catch {
    throw new BadInputError('The text contains a lone UTF-16 surrogate, which cannot be sent.');
  }
}

function valueText(value: Value): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new BadInputError(`${value} is not a number the server can compare.`);
  return String(value);
}

/** An item of a list or a logic tree: double-quoted, with `\` and `"` escaped, unless it is plainly safe. */
function quoteItem(item: string): string {
  return PLAIN_ITEM.test(item) ? item : `"${item.replace(/[\\"]/g, '\\$&')}"`;
}

/** A like/ilike pattern matching `text` literally; `*` is PostgREST's wildcard, so a literal one becomes `_`. */
function likePattern(text: string, match: TextMatch): string {
  const escaped = text.replace(/[\\%_]/g, '\\$&').replaceAll('*', '_');
  const lead = match === 'contains' || match === 'suffix' ? '*' : '';
  const tail = match === 'contains' || match === 'prefix' ? '*' : '';
  return `${lead}${escaped}${tail}`;
}

/** A POSIX regular expression matching `text` literally (every non-alphanumeric escaped). */
function regexPattern(text: string, match: TextMatch): string {
  const escaped = text.replace(/[^\p{L}\p{N}]/gu, '\\$&');
  const start = match === 'exact' || match === 'prefix' ? '^' : '';
  const end = match === 'exact' || match === 'suffix' ? '$' : '';
  return `${start}${escaped}${end}`;
}

function conditionText(condition: Condition, inTree: boolean): string {
  const not = condition.negated ? 'not.' : '';
  const { value } = condition;
  if (Array.isArray(value)) {
    // PostgREST reads `("")`, a list of one empty item, as the empty list; two say "the empty string".
    const items = value.length === 1 && value[0] === '' ? ['', ''] : value;
    return `${not}${condition.operator}.(${items.map(quoteItem).join(',')})`;
  }
  const text = inTree && condition.operator !== 'is' ? quoteItem(value) : value;
  return `${not}${condition.operator}.${text}`;
}

function treeText(filter: Filter): string {
  if (filter.kind === 'condition') return `${filter.column}.${conditionText(filter, true)}`;
  return `${filter.negated ? 'not.' : ''}${filter.operator}(${filter.filters.map(treeText).join(',')})`;
}

/** Top-level parameters of one filter: an AND group that is not negated spreads into separate ones. */
function filterParams(filter: Filter): string[] {
  if (filter.kind === 'condition') return [`${filter.column}=${encodeQueryComponent(conditionText(filter, false))}`];
  if (filter.operator === 'and' && !filter.negated) return filter.filters.flatMap(filterParams);
  const key = `${filter.negated ? 'not.' : ''}${filter.operator}`;
  return [`${key}=${encodeQueryComponent(`(${filter.filters.map(treeText).join(',')})`)}`];
}

/**
 * Conditions that AND together, shared by a query and the groups inside or()/and().
 * `q.not.eq(...)` negates the next condition or group.
 */
class Conditions<Row = Record<string, unknown>> {
  protected readonly filters: Filter[] = [];
  private negateNext = false;

  get not(): this {
    this.negateNext = !this.negateNext;
    return this;
  }

  eq(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'eq', value); }
  neq(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'neq', value); }
  gt(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'gt', value); }
  gte(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'gte', value); }
  lt(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'lt', value); }
  lte(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'lte', value); }
  /** IS DISTINCT FROM: like neq, but null counts as a value. */
  isDistinct(column: ColumnOf<Row>, value: Value): this { return this.compare(column, 'isdistinct', value); }
  /** POSIX regular expression, case-sensitive (`~`). */
  match(column: ColumnOf<Row>, regex: string): this { return this.compare(column, 'match', regex); }
  /** POSIX regular expression, case-insensitive (`~*`). */
  imatch(column: ColumnOf<Row>, regex: string): this { return this.compare(column, 'imatch', regex); }

  in(column: ColumnOf<Row>, values: readonly Value[]): this {
    return this.add({ kind: 'condition', column: checkIdentifier(column), operator: 'in', negated: false, value: values.map(valueText) });
  }

  is(column: ColumnOf<Row>, value: IsValue): this {
    return this.add({ kind: 'condition', column: checkIdentifier(column), operator: 'is', negated: false, value: String(value) });
  }

  /** Case-sensitive match of literal text (wildcards in it are matched as themselves). */
  like(column: ColumnOf<Row>, text: string, match: TextMatch = 'contains'): this {
    return this.literal(column, text, match, 'like', 'match');
  }

  /** Case-insensitive match of literal text, e.g. a name search: `ilike('name', 'ann')` -> `name=ilike.*ann*`. */
  ilike(column: ColumnOf<Row>, text: string, match: TextMatch = 'contains'): this {
    return this.literal(column, text, match, 'ilike', 'imatch');
  }

  or(build: (group: Conditions<Row>) => unknown): this { return this.group('or', build); }
  and(build: (group: Conditions<Row>) => unknown): this { return this.group('and', build); }

  private compare(column: string, operator: Operator, value: Value): this {
    return this.add({ kind: 'condition', column: checkIdentifier(column), operator, negated: false, value: valueText(value) });
  }

  /**
   * A literal `*` cannot be said in a like pattern (PostgREST turns every `*` into `%`), so it becomes
   * `_` there, and a regular expression with the exact text narrows the match back down.
   */
  private literal(column: string, text: string, match: TextMatch, like: 'like' | 'ilike', regex: 'match' | 'imatch'): this {
    checkIdentifier(column);
    const pattern: Condition = { kind: 'condition', column, operator: like, negated: false, value: likePattern(text, match) };
    if (!text.includes('*')) return this.add(pattern);
    const exact: Condition = { kind: 'condition', column, operator: regex, negated: false, value: regexPattern(text, match) };
    return this.add({ kind: 'group', operator: 'and', negated: false, filters: [pattern, exact] });
  }

  private group(operator: 'and' | 'or', build: (group: Conditions<Row>) => unknown): this {
    const group = new Conditions<Row>();
    build(group);
    if (group.filters.length === 0) throw new BadInputError(`An ${operator}() group needs at least one condition.`);
    return this.add({ kind: 'group', operator, negated: false, filters: group.filters });
  }

  protected add(filter: Filter): this {
    filter.negated = this.negateNext;
    this.negateNext = false;
    this.onFilter(filter);
    return this;
  }

  /** Where a query records the position of each filter among its other parameters. */
  protected onFilter(filter: Filter): void {
    this.filters.push(filter);
  }
}

type Part = { filter: Filter } | { param: 'select' | 'order' | 'limit' | 'offset' };

/**
 * A read (or the filter of a write) on one table. Parameters render in the order they were first
 * set: `query().eq('therapist_id', id).order('name')` -> `therapist_id=eq.<id>&order=name.asc`.
 */
export class Query<Row = Record<string, unknown>> extends Conditions<Row> {
  private readonly parts: Part[] = [];
  private columns: string[] | null = null;
  private readonly ordering: string[] = [];
  private rowLimit: number | null = null;
  private rowOffset: number | null = null;

  select(columns: readonly (ColumnOf<Row> | '*')[]): this {
    this.columns = columns.map((column) => (column === '*' ? column : checkIdentifier(column)));
    return this.slot('select');
  }

  order(column: ColumnOf<Row>, direction: Direction = 'asc', nulls?: 'first' | 'last'): this {
    this.ordering.push(`${checkIdentifier(column)}.${direction}${nulls ? `.nulls${nulls}` : ''}`);
    return this.slot('order');
  }

  limit(rows: number): this {
    this.rowLimit = count(rows, 'limit');
    return this.slot('limit');
  }

  offset(rows: number): this {
    this.rowOffset = count(rows, 'offset');
    return this.slot('offset');
  }

  /** True when an order was asked for. */
  get ordered(): boolean {
    return this.ordering.length > 0;
  }

  /** True when nothing filters the rows (PATCH and DELETE refuse to run without a filter). */
  get unfiltered(): boolean {
    return this.filters.length === 0;
  }

  override toString(): string {
    return this.parts.flatMap((part) => ('filter' in part ? filterParams(part.filter) : [this.paramText(part.param)])).join('&');
  }

  protected override onFilter(filter: Filter): void {
    super.onFilter(filter);
    this.parts.push({ filter });
  }

  private slot(param: 'select' | 'order' | 'limit' | 'offset'): this {
    if (!this.parts.some((part) => 'param' in part && part.param === param)) this.parts.push({ param });
    return this;
  }

  private paramText(param: 'select' | 'order' | 'limit' | 'offset'): string {
    switch (param) {
      case 'select': return `select=${this.columns!.join(',')}`;
      case 'order': return `order=${this.ordering.join(',')}`;
      case 'limit': return `limit=${this.rowLimit}`;
      case 'offset': return `offset=${this.rowOffset}`;
    }
  }
}

function count(rows: number, what: string): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new BadInputError(`--${what} must be a whole number of 0 or more, not ${rows}.`);
  return rows;
}

export function query<Row = Record<string, unknown>>(): Query<Row> {
  return new Query<Row>();
}
