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

/** One item of `select=`: `col`, `alias:col`, `col::cast`, or `*`. */
export interface SelectItem {
  column: string;
  alias: string | null;
  cast: string | null;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last' | null;
}

export interface ParsedQuery {
  /** Top-level filters; they AND together. */
  filters: Filter[];
  /** null when `select` is absent (meaning `*`). */
  select: SelectItem[] | null;
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  /** `columns=` for inserts; null when absent. */
  columns: string[] | null;
  /** `on_conflict=` for upserts; null when absent. */
  onConflict: string[] | null;
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  /** `missing=default`: columns named in `columns=` but absent from an object get their default, not null. */
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** `timezone=`: the session time zone timestamptz values are written in. */
  timezone: string | null;
  /** `max-affected=N`, honoured only with `handling=strict`: a PATCH or DELETE touching more fails. */
  maxAffected: number | null;
  /** The recognised preferences, echoed in `Preference-Applied`. */
  applied: string[];
}

/** The `Range: first-last` request header; `last` null for an open range (`10-`). */
export interface RangeHeader {
  first: number;
  last: number | null;
}
