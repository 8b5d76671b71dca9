// Stage 2 of a REST request (parse -> plan -> SQL -> response): resolves the parsed request against
// the schema cache, so an unknown table, column or body key fails here, before any SQL exists.
import type { Column, SchemaCache, Table } from '../db/schema-cache.js';
import type { Routine, RoutineParam } from '../db/schema-routines.js';
import { failures } from '../errors.js';
import { INSERT_ROWS_LIMIT } from '../http/limits.js';
import { MAX_ROWS, planResource, resolveColumn, type PlannedFilter, type PlannedOrder, type Shape } from './plan-shape.js';
import type { Condition, ParsedQuery, Preferences, RangeHeader } from './query.js';

export { MAX_ROWS };
const TENANT_COLUMN = 'therapist_id';

interface PlanBase {
  table: Table;
  /** The explicit tenant predicate (row-level security enforces it as well). */
  tenant: string | null;
  /** Accept: application/vnd.pgrst.object+json — exactly one row or 406. */
  single: boolean;
  /** Accept: text/csv — the rows as CSV, a header line first. */
  csv: boolean;
}

export interface ReadPlan extends PlanBase {
  kind: 'read';
  shape: Shape;
  filters: PlannedFilter[];
  order: PlannedOrder[];
  offset: number;
  limit: number;
  count: boolean;
  withBody: boolean;
}

export interface InsertPlan extends PlanBase {
  kind: 'insert';
  columns: Column[];
  /** The body as a JSON array of objects, for json_populate_recordset. */
  rows: string;
  conflict: { columns: Column[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null;
  returning: Shape | null;
  /** The primary key's columns named in `Location` (return=headers-only), in table order; null without one. */
  location: string[] | null;
  /** `Prefer: missing=default`: these columns take their default where an object lacks their key. */
  defaults: Column[];
  /** PUT: the URL's primary key, which the body's must equal (else 400 PGRST115); null for POST. */
  put: Condition[] | null;
}

export interface UpdatePlan extends PlanBase {
  kind: 'update';
  columns: Column[];
  row: string;
  filters: PlannedFilter[];
  returning: Shape | null;
}

export interface DeletePlan extends PlanBase {
  kind: 'delete';
  filters: PlannedFilter[];
  returning: Shape | null;
}

/**
 * `rpc/<name>`: a read of the function's result (its rows, or one column named after it for a
 * scalar), with the select, filters, order and window of a read; `table` is that result.
 */
export interface CallPlan extends Omit<ReadPlan, 'kind'> {
  kind: 'call';
  routine: Routine;
  /** The named arguments given, in the function's order; empty when they go whole to one parameter. */
  given: RoutineParam[];
  /** The type of the one parameter the arguments go to whole (an unnamed one, or single-object's); null when given by name. */
  positional: string | null;
  /** The named arguments as one JSON object, or what the one parameter is given. */
  args: string;
  /** Runs read-only: GET and HEAD, and every call of a stable or immutable function. */
  readOnly: boolean;
}

export type Plan = ReadPlan | InsertPlan | UpdatePlan | DeletePlan | CallPlan;

export interface PlanInput {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  table: string;
  query: ParsedQuery;
  prefer: Preferences;
  range: RangeHeader | null;
  /** The parsed JSON body of POST and PATCH. */
  body: unknown;
  single: boolean;
  /** Accept: text/csv; absent means JSON. */
  csv?: boolean;
  userId: string | null;
}

function resolveTable(schema: SchemaCache, name: string): Table {
  const table = schema.tables.get(name);
  if (!table) throw failures.unknownTable(name);
  return table;
}

/** limit/offset intersected with the Range header, then capped at MAX_ROWS. */
export function readWindow(query: ParsedQuery, range: RangeHeader | null): { offset: number; limit: number } {
  let first = query.offset ?? 0;
  let last = query.limit === null ? Infinity : first + query.limit - 1;
  if (range) {
    first = Math.max(first, range.first);
    last = Math.min(last, range.last ?? Infinity);
  }
  return { offset: first, limit: Math.max(0, Math.min(MAX_ROWS, last - first + 1)) };
}

function tenantOf(table: Table, userId: string | null): string | null {
  return userId !== null && table.columnsByName.has(TENANT_COLUMN) ? userId : null;
}

function bodyColumns(table: Table, keys: string[]): Column[] {
  return keys.map((key) => {
    const column = table.columnsByName.get(key);
    if (!column) throw failures.unknownBodyColumn(key, table.name);
    return column;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// With `columns=` PostgREST takes the body as it is: the objects may differ, and each gives the
// named columns it has (a missing key is NULL), so the keys-must-match rule applies only without it.
function insertRows(body: unknown, columnsGiven: boolean): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length > INSERT_ROWS_LIMIT) throw failures.tooManyRows(rows.length, INSERT_ROWS_LIMIT);
  if (!rows.every(isObject)) throw failures.invalidBody('Request body must be a JSON object or an array of objects');
  const keys = Object.keys(rows[0] ?? {}).sort().join(',');
  if (!columnsGiven && rows.some((row) => Object.keys(row).sort().join(',') !== keys)) throw failures.keysMustMatch();
  return rows;
}

function planInsert(schema: SchemaCache, table: Table, input: PlanInput, base: PlanBase): InsertPlan {
  const rows = insertRows(input.body, input.query.columns !== null);
  const columns = bodyColumns(table, input.query.columns ?? Object.keys(rows[0] ?? {}));
  const resolution = input.prefer.resolution;
  const conflictNames = input.query.onConflict ?? table.primaryKey;
  return {
    ...base,
    kind: 'insert',
    columns,
    rows: JSON.stringify(rows),
    conflict: resolution ? { columns: conflictNames.map((name) => resolveColumn(table, name)), resolution } : null,
    returning: returning(schema, table, input),
    location: input.prefer.return === 'headers-only' && table.primaryKey.length > 0 ? table.primaryKey : null,
    defaults: input.prefer.missing === 'default' ? columns.filter((column) => column.default !== null) : [],
    put: null,
  };
}

/**
 * PUT, PostgREST's single-row upsert: filters naming exactly the primary key with `eq` (the tenant
 * column may be left out: the caller's practice is implied), no limit or offset; the body's first
 * object is inserted, or replaces the row with that key.
 */
function planPut(schema: SchemaCache, table: Table, input: PlanInput, base: PlanBase): InsertPlan {
  const { query } = input;
  if (query.limit !== null || query.offset !== null) throw failures.putPaging();
  const conditions = query.filters.filter((filter): filter is Condition =>
    filter.kind === 'condition' && filter.operator === 'eq' && !filter.negated);
  const named = new Set(conditions.map((condition) => condition.column));
  const key = table.primaryKey;
  const keyWithoutTenant = key.filter((name) => name !== TENANT_COLUMN);
  const namesKey = (names: string[]) => names.length === named.size && names.every((name) => named.has(name));
  if (key.length === 0 || conditions.length !== query.filters.length || conditions.length !== named.size ||
      !(namesKey(key) || namesKey(keyWithoutTenant))) {
    throw failures.putFilters();
  }
  const first = Array.isArray(input.body) ? input.body[0] : input.body;
  if (!isObject(first)) throw failures.invalidBody('Request body of PUT must be a JSON object');
  const plan = planInsert(schema, table, { ...input, body: first, prefer: { ...input.prefer, resolution: 'merge-duplicates' }, query: { ...query, onConflict: null } }, base);
  return { ...plan, put: conditions.map((condition) => (resolveColumn(table, condition.column), condition)) };
}

/** The representation of a write: the select's shape, its embedded resources with their filters (not the root's). */
function returning(schema: SchemaCache, table: Table, input: PlanInput): Shape | null {
  if (input.prefer.return !== 'representation' && !input.single) return null;
  return planResource(schema, table, input.query.select, { ...input.query, filters: [], order: [] }).shape;
}

/** A write's own filters: columns of the table (embedded resources only shape its representation). */
function writeFilters(schema: SchemaCache, table: Table, query: ParsedQuery): PlannedFilter[] {
  return planResource(schema, table, [], { ...query, order: [], embedded: [] }).filters;
}

export function planRequest(schema: SchemaCache, input: PlanInput): Exclude<Plan, CallPlan> {
  const table = resolveTable(schema, input.table);
  const base: PlanBase = { table, tenant: tenantOf(table, input.userId), single: input.single, csv: input.csv === true };
  const { query } = input;
  switch (input.method) {
    case 'GET':
    case 'HEAD': {
      const resource = planResource(schema, table, query.select, query);
      return {
        ...base,
        kind: 'read',
        ...resource,
        ...readWindow(query, input.range),
        count: input.prefer.count === 'exact',
        withBody: input.method === 'GET',
      };
    }
    case 'POST':
      return planInsert(schema, table, input, base);
    case 'PUT':
      return planPut(schema, table, input, base);
    case 'PATCH': {
      if (query.filters.length === 0) throw failures.missingWhere('UPDATE');
      // A CSV body is a list of rows: one row is the patch, as PostgREST reads it.
      const patch = Array.isArray(input.body) && input.body.length === 1 ? input.body[0] : input.body;
      if (!isObject(patch)) throw failures.invalidBody('Request body of PATCH must be a JSON object');
      return {
        ...base,
        kind: 'update',
        columns: bodyColumns(table, Object.keys(patch)),
        row: JSON.stringify(patch),
        filters: writeFilters(schema, table, query),
        returning: returning(schema, table, input),
      };
    }
    case 'DELETE':
      if (query.filters.length === 0) throw failures.missingWhere('DELETE');
      return { ...base, kind: 'delete', filters: writeFilters(schema, table, query), returning: returning(schema, table, input) };
  }
}
