// The parsed form of a PostgREST request: what parse-* produces and plan-* consumes.

export type FilterOperator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'
  | 'like' | 'ilike' | 'match' | 'imatch'
  | 'in' | 'is' | 'isdistinct'
  | 'fts' | 'plfts' | 'phfts' | 'wfts';

/** `column=[not.]operator.value`; `in` carries the list, `is` a lower-cased keyword. */
export interface Condition {
  kind: 'condition';
  column: string;
  negated: boolean;
  operator: FilterOperator;
  value: string | string[];
  /** `eq(any).{a,b}`: the value is an array literal compared with ANY or ALL. */
  quantifier?: 'any' | 'all';
  /** `fts(english).word`: the text search configuration. */
  config?: string;
}

/** `or=(...)`, `and=(...)`, `not.or=(...)`, nested `and(...)` inside them. */
export interface Group {
  kind: 'group';
  negated: boolean;
  operator: 'and' | 'or';
  filters: Filter[];
}

export type Filter = Condition | Group;

/** A column of `select=`: `col`, `alias:col`, `col::cast`, or `*`. */
export interface ColumnItem {
  kind: 'column';
  column: string;
  alias: string | null;
  cast: string | null;
}

/**
 * An embedded resource of `select=`: `[alias:]relation[!hint][!inner|!left](items)`, or
 * `...relation(items)`, whose columns are spread into the row that embeds it.
 */
export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias: string | null;
  /** A foreign key constraint name (or single column) choosing among several relationships. */
  hint: string | null;
  join: 'inner' | 'left' | null;
  spread: boolean;
  select: SelectItem[];
}

export type SelectItem = ColumnItem | EmbedItem;

export interface OrderTerm {
  /** `order=clients(name)`: a column of an embedded to-one resource; null for the table's own. */
  relation: string | null;
  column: string;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last' | null;
}

/** Filters, order and paging of one resource: the table itself, or one embedded in it. */
export interface ResourceQuery {
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

/** `appointments.status=eq.x`, `appointments.order=...`: the parameters of an embedded resource. */
export interface EmbeddedQuery extends ResourceQuery {
  /** Names (or aliases) of the embedded resources from the top, e.g. ['appointments', 'service']. */
  path: string[];
}

export interface ParsedQuery extends ResourceQuery {
  /** null when `select` is absent (meaning `*`). */
  select: SelectItem[] | null;
  /** What parameters prefixed with an embedded resource's path ask of it, one entry per path. */
  embedded: EmbeddedQuery[];
  /** `columns=` for inserts; null when absent. */
  columns: string[] | null;
  /** `on_conflict=` for upserts; null when absent. */
  onConflict: string[] | null;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  /** `params=single-object` (PostgREST 12): a call passes its arguments whole to the function's one json parameter. */
  params: 'single-object' | null;
  count: 'exact' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  /** `missing=default`: columns named in `columns=` but absent from an object get their default, not null. */
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** `timezone=`: the session time zone timestamptz values are written in. */
  timezone: string | null;
  /** `max-affected=N`, honoured only with `handling=strict`: a PATCH, DELETE or call touching more fails. */
  maxAffected: number | null;
  /** The recognised preferences, echoed in `Preference-Applied`. */
  applied: string[];
}

/** The `Range: first-last` request header; `last` null for an open range (`10-`). */
export interface RangeHeader {
  first: number;
  last: number | null;
}
