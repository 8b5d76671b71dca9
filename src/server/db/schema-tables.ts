// A table of the schema cache and its columns: what the planner resolves names against, apart from
// the cache's loading so that the functions' result relations (schema-routines.ts) share the type.

export interface Column {
  name: string;
  /** format_type(), e.g. `uuid`, `numeric(10,2)`, `time without time zone`: safe to use in casts. */
  type: string;
  nullable: boolean;
  default: string | null;
  description: string | null;
  /** Allowed values when a CHECK constraint lists them (`col = ANY (ARRAY[...])`). */
  enum: string[] | null;
}

export interface Table {
  name: string;
  description: string | null;
  /** In table order. */
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** What its rows take, as PostgREST's schema cache says: a table all three, a view what PostgreSQL can write through it. */
  writes: Writes;
}

export interface Writes {
  insert: boolean;
  update: boolean;
  delete: boolean;
}

/** A relation nothing is written through: a function's result. */
export const READ_ONLY: Writes = { insert: false, update: false, delete: false };
