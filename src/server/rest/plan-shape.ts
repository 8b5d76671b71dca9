// The shape of the rows a request answers with: the columns of `select=` and the resources embedded
// through foreign keys (PostgREST's ReadPlanTree), each embedded resource with its own filters,
// order and window. Names are resolved against the schema cache, so nothing unknown reaches SQL.
import type { Column, Relationship, SchemaCache, Table } from '../db/schema-cache.js';
import { failures, ServiceError } from '../errors.js';
import { MAX_SELECT_COLUMNS, tooManyColumns } from './parse-query/bounds.js';
import { findRelationship } from './relationships.js';
import type { Condition, EmbeddedQuery, EmbedItem, Filter, OrderTerm, ResourceQuery, SelectItem } from './query.js';

/** Rows a read returns at most (Supabase's default `max_rows`), per resource; writes are not capped by it. */
export const MAX_ROWS = 1000;
const SIMPLE_TYPE = /^[a-z_][a-z0-9_]*$/i;

export interface Projection {
  /** null for `count`: the number of rows (PostgreSQL reads PostgREST's `t.count` as `count(t)`). */
  column: Column | null;
  alias: string;
  cast: string | null;
}

/** `embed=is.null` / `embed=not.is.null`: whether an embedded resource found anything. */
interface EmbedFound {
  kind: 'embed-found';
  /** true for `not.is.null`. */
  found: boolean;
  embed: EmbedPlan;
}

export type PlannedFilter = Condition | EmbedFound | { kind: 'group'; negated: boolean; operator: 'and' | 'or'; filters: PlannedFilter[] };

/** An order term; `embed` set when it orders by a column of an embedded to-one resource. */
export interface PlannedOrder extends OrderTerm {
  embed: EmbedPlan | null;
}

export interface Shape {
  projections: Projection[];
  embeds: EmbedPlan[];
}

interface Window {
  offset: number;
  limit: number;
}

export interface EmbedPlan extends Shape, Window {
  /** The key it takes in the row (alias or relation name). */
  name: string;
  table: Table;
  relationship: Relationship;
  toOne: boolean;
  /** `!inner`: rows of the embedding resource without a match are left out. */
  inner: boolean;
  spread: boolean;
  filters: PlannedFilter[];
  order: PlannedOrder[];
  /** SQL names unique in the statement: the embedded table's, and the lateral join's. */
  alias: string;
  joinAlias: string;
}

export function resolveColumn(table: Table, name: string): Column {
  const column = table.columnsByName.get(name);
  if (!column) throw failures.unknownColumn(name, table.name);
  return column;
}

const STAR: SelectItem = { kind: 'column', column: '*', alias: null, cast: null };

function projection(table: Table, item: Extract<SelectItem, { kind: 'column' }>): Projection[] {
  if (item.column === '*') return table.columns.map((column) => ({ column, alias: column.name, cast: null }));
  if (item.cast !== null && !SIMPLE_TYPE.test(item.cast)) throw failures.parse(`invalid cast type (${item.cast})`);
  // A table's own `count` column wins, as in PostgreSQL, where `t.count` is the column if there is one.
  const column = item.column === 'count' && !table.columnsByName.has('count') ? null : resolveColumn(table, item.column);
  return [{ column, alias: item.alias ?? item.column, cast: item.cast }];
}

/** Plans shapes, numbering the SQL aliases of the embedded resources of one statement. */
class ShapePlanner {
  private joins = 0;

  constructor(private readonly schema: SchemaCache) {}

  /**
   * `path`: the tables from the request's own down to `table`, which an embed may not return to;
   * `belowToOne`: whether a to-one embed is on it.
   */
  shape(table: Table, select: SelectItem[] | null, path: readonly string[] = [table.name], belowToOne = false): Shape {
    const shape: Shape = { projections: [], embeds: [] };
    for (const item of select ?? [STAR]) {
      if (item.kind === 'column') shape.projections.push(...projection(table, item));
      else shape.embeds.push(this.embed(table, item, path, belowToOne));
    }
    // `*` and spreads expand here, where the table's columns are known: `select=*,*,...` is short.
    if (outputNames(shape).length > MAX_SELECT_COLUMNS) throw tooManyColumns();
    return shape;
  }

  private embed(origin: Table, item: EmbedItem, path: readonly string[], belowToOne: boolean): EmbedPlan {
    const relationship = findRelationship(this.schema, origin.name, item.relation, item.hint);
    const table = this.schema.tables.get(relationship.foreignTable)!;
    // A loop (clients -> appointments -> clients -> ...) multiplies the rows each level visits, and
    // an `!inner` filter at the bottom keeps every level's limit from cutting the work short. A
    // table's one embed of itself (a note's amendments) is no loop unless it goes on.
    const visits = path.filter((name) => name === table.name).length;
    const selfEmbed = table.name === origin.name && visits === 1;
    if (visits > 0 && !selfEmbed) throw embedsBack([...path, table.name]);
    const toOne = relationship.cardinality !== 'one-to-many';
    // Up to one row, then down to many (sessions -> clients -> conversation_log): every row above
    // visits all the rows its parent has, and the work grows with the product of the two tables.
    if (belowToOne && !toOne) throw manyBelowOne([...path, table.name]);
    const n = ++this.joins;
    return {
      name: item.alias ?? item.relation,
      table,
      relationship,
      toOne,
      inner: item.join === 'inner',
      spread: item.spread,
      filters: [],
      order: [],
      offset: 0,
      limit: MAX_ROWS,
      alias: `pgrst_${n}`,
      joinAlias: `pgrst_join_${n}`,
      ...this.shape(table, item.select, [...path, table.name], belowToOne || toOne),
    };
  }
}

/** The names a shape puts in its row: its columns, its embeds, and the columns of its spread embeds. */
export function outputNames(shape: Shape): string[] {
  return [
    ...shape.projections.map((p) => p.alias),
    ...shape.embeds.flatMap((embed) => (embed.spread ? outputNames(embed) : isEmpty(embed) ? [] : [embed.name])),
  ];
}

/** `actors()`: joined for its filters only; it takes no key in the row. */
export function isEmpty(embed: EmbedPlan): boolean {
  return outputNames(embed).length === 0;
}

function planFilters(table: Table, embeds: EmbedPlan[], filters: Filter[]): PlannedFilter[] {
  return filters.map((filter): PlannedFilter => {
    if (filter.kind === 'group') return { ...filter, filters: planFilters(table, embeds, filter.filters) };
    const embed = embeds.find((e) => e.name === filter.column);
    if (embed && filter.operator === 'is' && filter.value === 'null') return { kind: 'embed-found', found: filter.negated, embed };
    resolveColumn(table, filter.column);
    return filter;
  });
}

function planOrder(table: Table, embeds: EmbedPlan[], order: OrderTerm[]): PlannedOrder[] {
  return order.map((term) => {
    if (term.relation === null) {
      resolveColumn(table, term.column);
      return { ...term, embed: null };
    }
    const embed = embeds.find((e) => e.name === term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!embed.toOne) {
      throw new ServiceError(400, 'PGRST118', `A related order on '${embed.name}' is not possible`,
        `'${table.name}' and '${embed.name}' do not form a many-to-one or one-to-one relationship`);
    }
    if (!outputNames(embed).includes(term.column)) throw failures.unknownColumn(term.column, embed.table.name);
    return { ...term, embed };
  });
}

function embedsBack(path: string[]): ServiceError {
  return failures.parse(`Resource embedding returns to a table already embedded: ${path.join(' -> ')}`,
    `Embed each table at most once along one path; read '${path.at(-1)}' again in a request of its own.`);
}

function manyBelowOne(path: string[]): ServiceError {
  return failures.parse(`Resource embedding goes down to many rows below a to-one embed: ${path.join(' -> ')}`,
    `Embed '${path.at(-1)}' from '${path.at(-2)}' in a request of its own, or from the top of this one.`);
}

function notEmbedded(name: string): ServiceError {
  return new ServiceError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
    `Verify that '${name}' is included in the 'select' query parameter.`);
}

/** limit/offset of one resource, capped at MAX_ROWS (Supabase's max_rows applies to every level). */
function windowOf(query: Pick<ResourceQuery, 'limit' | 'offset'>): Window {
  const offset = query.offset ?? 0;
  return { offset, limit: Math.min(MAX_ROWS, query.limit ?? MAX_ROWS) };
}

/** Applies `appointments.status=...`, `appointments.order=...` and the like to the resource their path names. */
function applyEmbedded(shape: Shape, entry: EmbeddedQuery): void {
  let embeds = shape.embeds;
  let embed: EmbedPlan | undefined;
  for (const name of entry.path) {
    embed = embeds.find((e) => e.name === name);
    if (!embed) throw notEmbedded(name);
    embeds = embed.embeds;
  }
  embed!.filters.push(...planFilters(embed!.table, embed!.embeds, entry.filters));
  if (entry.order.length > 0) embed!.order = planOrder(embed!.table, embed!.embeds, entry.order);
  if (entry.limit !== null || entry.offset !== null) Object.assign(embed!, windowOf(entry));
}

export interface PlannedResource {
  shape: Shape;
  filters: PlannedFilter[];
  order: PlannedOrder[];
}

/** The shape of `select=` over `table`, with the filters and order of the table and of every embedded resource. */
export function planResource(schema: SchemaCache, table: Table, select: SelectItem[] | null, query: ResourceQuery & { embedded: EmbeddedQuery[] }): PlannedResource {
  const shape = new ShapePlanner(schema).shape(table, select);
  for (const entry of query.embedded) applyEmbedded(shape, entry);
  return { shape, filters: planFilters(table, shape.embeds, query.filters), order: planOrder(table, shape.embeds, query.order) };
}
