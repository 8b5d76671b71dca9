// Stage 3: a plan becomes one SQL statement that yields one row (page_total, total, body...), the
// JSON built by PostgreSQL itself as PostgREST does. Values only ever travel as $n parameters;
// identifiers come only from the schema cache and are quoted.
import type { Column, Table } from '../db/schema-cache.js';
import type { Statement } from '../db/database.js';
import { isEmpty, MAX_ROWS, outputNames, type EmbedPlan, type PlannedFilter, type PlannedOrder, type Projection, type Shape } from './plan-shape.js';
import type { CallPlan, DeletePlan, InsertPlan, Plan, ReadPlan, UpdatePlan } from './plan.js';
import type { Condition, FilterOperator } from './query.js';

/** The row every statement yields; `respond` turns it into the HTTP answer. */
export interface ResultRow {
  page_total: number;
  total: number | null;
  inserted: number | null;
  body: string | null;
  location_id: string | null;
}

export class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const TIME_OF_DAY = 'time without time zone';

const IS_KEYWORDS: Record<string, string> = {
  null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown',
};

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', match: '~', imatch: '~*',
};

// PostgREST's ftsOperator: which text-to-query function reads the value.
const TEXT_SEARCH: Partial<Record<FilterOperator, string>> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

/** `eq(any).{a,b}`: the value is one PostgreSQL array literal, bound whole, compared with ANY/ALL. */
function quantifiedSql(condition: Condition, target: string, params: Parameters, column: Column): string {
  const quantifier = condition.quantifier === 'all' ? 'all' : 'any';
  const value = condition.value as string;
  if (condition.operator === 'like' || condition.operator === 'ilike') {
    return `${target}::text ${condition.operator} ${quantifier}(${params.add(value.replaceAll('*', '%'))}::text[])`;
  }
  const textual = condition.operator === 'match' || condition.operator === 'imatch';
  const element = textual ? 'text' : column.type;
  return `${textual ? `${target}::text` : target} ${COMPARISONS[condition.operator]} ${quantifier}(${params.add(value)}::${element}[])`;
}

/** `fts(config).query`: the column's text as a tsvector, matched by the query in the same configuration. */
function textSearchSql(condition: Condition, target: string, params: Parameters): string {
  const config = condition.config === undefined ? '' : `${params.add(condition.config)}::regconfig, `;
  return `to_tsvector(${config}${target}) @@ ${TEXT_SEARCH[condition.operator]}(${config}${params.add(condition.value as string)})`;
}

function operatorSql(condition: Condition, target: string, params: Parameters, column: Column): string {
  const value = condition.value;
  const scalar = () => params.add(value as string);
  if (condition.quantifier !== undefined) return quantifiedSql(condition, target, params, column);
  switch (condition.operator) {
    case 'like': return `${target}::text like ${params.add((value as string).replaceAll('*', '%'))}`;
    case 'ilike': return `${target}::text ilike ${params.add((value as string).replaceAll('*', '%'))}`;
    case 'match': return `${target}::text ~ ${scalar()}`;
    case 'imatch': return `${target}::text ~* ${scalar()}`;
    case 'isdistinct': return `${target} is distinct from ${scalar()}`;
    // `= any($n)` binds the whole list as one array parameter: one statement text for any length.
    case 'in': return `${target} = any(${params.add(value)}::${column.type}[])`;
    case 'is': return `${target} is ${IS_KEYWORDS[value as string] ?? 'null'}`;
    case 'fts': case 'plfts': case 'phfts': case 'wfts': return textSearchSql(condition, target, params);
    default: return `${target} ${COMPARISONS[condition.operator]} ${scalar()}`;
  }
}

function conditionSql(condition: Condition, relation: string, params: Parameters, columnOf: (name: string) => Column): string {
  const sql = operatorSql(condition, `${relation}.${quote(condition.column)}`, params, columnOf(condition.column));
  return condition.negated ? `not (${sql})` : sql;
}

function filterSql(filter: PlannedFilter, relation: string, params: Parameters, columnOf: (name: string) => Column): string {
  if (filter.kind === 'condition') return conditionSql(filter, relation, params, columnOf);
  if (filter.kind === 'embed-found') return foundSql(filter.embed, filter.found);
  const parts = filter.filters.map((f) => filterSql(f, relation, params, columnOf));
  const joined = parts.length === 0 ? (filter.operator === 'and' ? 'true' : 'false') : parts.join(` ${filter.operator} `);
  return filter.negated ? `not (${joined})` : `(${joined})`;
}

/** Whether an embedded resource matched: a to-one join's whole row is NULL only when nothing joined. */
function foundSql(embed: EmbedPlan, found: boolean): string {
  const join = quote(embed.joinAlias);
  if (embed.toOne) return `${join} is ${found ? '' : 'not '}distinct from null`;
  return `${join}.pgrst_rows ${found ? '> 0' : '= 0'}`;
}

export function conditionsSql(table: Table, relation: string, filters: PlannedFilter[], params: Parameters): string[] {
  const columnOf = (name: string) => table.columnsByName.get(name)!;
  return filters.map((f) => filterSql(f, relation, params, columnOf));
}

function whereSql(plan: ReadPlan | UpdatePlan | DeletePlan, params: Parameters): string {
  const relation = quote(plan.table.name);
  const conditions = conditionsSql(plan.table, relation, plan.filters, params);
  if (plan.tenant !== null) conditions.unshift(`${relation}."therapist_id" = ${params.add(plan.tenant)}`);
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

function projectionSql({ column, alias, cast }: Projection, relation: string): string {
  const name = column ? `${relation}.${quote(column.name)}` : 'count(*)';
  // Times of day travel as HH:MM, as INTERFACE.md shows them, unless a cast asks otherwise.
  const expression = cast ? `${name}::${cast}` : column?.type === TIME_OF_DAY ? `to_char(${name}, 'HH24:MI')` : name;
  return `${expression} as ${quote(alias)}`;
}

export function orderSql(order: PlannedOrder[], relation: string): string {
  if (order.length === 0) return '';
  const terms = order.map((t) =>
    `${t.embed ? quote(t.embed.joinAlias) : relation}.${quote(t.column)} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`);
  return ` order by ${terms.join(', ')}`;
}

/** What an embedded resource adds to the row that embeds it: one key, its spread columns, or nothing. */
function embedColumns(embed: EmbedPlan): string[] {
  const join = quote(embed.joinAlias);
  if (embed.spread) {
    // Spread to-many columns become arrays, correlated with each other (PostgREST 12.2+).
    return outputNames(embed).map((name) =>
      embed.toOne ? `${join}.${quote(name)} as ${quote(name)}` : `coalesce(${join}.${quote(name)}, '[]') as ${quote(name)}`);
  }
  if (isEmpty(embed)) return [];
  const value = embed.toOne ? `row_to_json(${join}.*)` : `coalesce(${join}.pgrst_body, '[]')`;
  return [`${value} as ${quote(embed.name)}`];
}

/**
 * The rows of an embedded resource that belong to one row of `parent`, as a lateral subquery: the
 * foreign key's columns equal, then the resource's own filters, order and window. Row-level
 * security applies inside it as anywhere; the key includes therapist_id, so it never crosses practices.
 */
function embedRowsSql(embed: EmbedPlan, parent: string, params: Parameters): string {
  const relation = quote(embed.alias);
  const { columns, joins } = shapeSql(embed, relation, params);
  const keys = embed.relationship.columns.map(([own, foreign]) => `${relation}.${quote(foreign)} = ${parent}.${quote(own)}`);
  const conditions = [...keys, ...conditionsSql(embed.table, relation, embed.filters, params)];
  // An embed without columns of its own (`actors()`) still needs a column for its row to exist.
  return `select ${columns.length > 0 ? columns.join(', ') : 'null as pgrst_none'} from public.${quote(embed.table.name)} ${relation}${joins}` +
    ` where ${conditions.join(' and ')}${orderSql(embed.order, relation)}${embedWindowSql(embed)}`;
}

/**
 * The window of an embedded resource, as integer literals (numbers the parser produced, never text):
 * as parameters, PostgreSQL kept planning the statement anew on every execution (its generic plan
 * looked costlier than a custom one), which made a read with two to-one embeds 3-4x a plain one.
 * A to-one resource has one row at most: no window unless one was asked for.
 */
function embedWindowSql(embed: EmbedPlan): string {
  if (embed.toOne && embed.offset === 0 && embed.limit === MAX_ROWS) return '';
  return ` limit ${embed.limit} offset ${embed.offset}`;
}

/** A to-one resource joins its row (or none); a to-many one joins one row aggregating its rows to JSON. */
function joinSql(embed: EmbedPlan, parent: string, params: Parameters): string {
  const join = quote(embed.joinAlias);
  const rows = embedRowsSql(embed, parent, params);
  const kind = embed.inner ? 'inner' : 'left';
  if (embed.toOne) return ` ${kind} join lateral (${rows}) ${join} on true`;
  const aggregates = ['count(*) as pgrst_rows'];
  if (embed.spread) aggregates.push(...outputNames(embed).map((name) => `json_agg(_e.${quote(name)}) as ${quote(name)}`));
  else if (!isEmpty(embed)) aggregates.push('json_agg(_e) as pgrst_body');
  return ` ${kind} join lateral (select ${aggregates.join(', ')} from (${rows}) _e) ${join} on ${embed.inner ? `${join}.pgrst_rows > 0` : 'true'}`;
}

/** The select list and the lateral joins of a shape read from `relation`. */
export function shapeSql(shape: Shape, relation: string, params: Parameters): { columns: string[]; joins: string } {
  const columns = shape.projections.map((p) => projectionSql(p, relation));
  let joins = '';
  for (const embed of shape.embeds) {
    joins += joinSql(embed, relation, params);
    columns.push(...embedColumns(embed));
  }
  return { columns, joins };
}

// PostgREST's asCsvF: the first row's keys as the header, then each row as PostgreSQL writes a
// record (fields quoted where they hold a comma, quote, space or parenthesis), less its parentheses.
const CSV_BODY = `(select coalesce(string_agg(k, ','), '') from json_object_keys(json_agg(_t) -> 0) k) || chr(10) || ` +
  `coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '')`;

export function bodySql({ single, csv }: { single: boolean; csv: boolean }): string {
  if (csv) return CSV_BODY;
  return single ? `(json_agg(_t) -> 0)::text` : `coalesce(json_agg(_t), '[]')::text`;
}

/**
 * A column a read adds to its one row, computed over its page's rows (`_t`) with any parameters of
 * its own: how a read of notes records them as it reads (audit/note-reads.ts). `hidden` columns of
 * the table ride along with each page row, out of the answer, as `hiddenColumn(name)`.
 */
export interface PageAggregate {
  select(params: Parameters): string;
  hidden?: readonly string[];
}

/** A column of the table `PageAggregate.hidden` carried along the page, as its `select` reads it. */
export const hiddenColumn = (name: string) => `_p.${quote(`pgrst_hidden_${name}`)}`;

export function readSql(plan: ReadPlan, also?: PageAggregate): Statement {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const relation = quote(plan.table.name);
  const { columns, joins } = shapeSql(plan.shape, relation, params);
  const where = whereSql(plan, params);
  // The total counts through the same joins: `!inner` and `embed=is.null` decide which rows there are.
  const total = plan.count ? `(select count(*) from ${table}${joins}${where})::int` : 'null::int';
  const hidden = also?.hidden ?? [];
  const carried = hidden.map((name) => `${relation}.${quote(name)} as ${quote(`pgrst_hidden_${name}`)}`);
  const page =
    `select ${[...columns, ...carried].join(', ')} from ${table}${joins}${where}` +
    `${orderSql(plan.order, relation)} limit ${params.add(plan.limit)} offset ${params.add(plan.offset)}`;
  const body = plan.withBody ? bodySql(plan) : 'null::text';
  const aggregate = also ? `, ${also.select(params)}` : '';
  // With hidden columns, each answer row `_t` is its page row `_p` without them (its keys are unique).
  const rows = hidden.length === 0 ? `(${page}) _t`
    : `(${page}) _p cross join lateral (select ${outputNames(plan.shape).map((name) => `_p.${quote(name)}`).join(', ')}) _t`;
  return {
    text: `select count(*)::int as page_total, ${total} as total, null::int as inserted, ${body} as body, ` +
      `null::text as location_id${aggregate} from ${rows}`,
    values: params.values,
  };
}

/** The shared tail of every write: counts, the representation and the Location id. */
function writeResultSql(source: string, returning: Shape | null, media: { single: boolean; csv: boolean }, params: Parameters, extra: { inserted: boolean; location: string[] | null }): string {
  let body = 'null::text';
  if (returning) {
    const { columns, joins } = shapeSql(returning, 'pgrst_source', params);
    body = `(select ${bodySql(media)} from (select ${columns.join(', ')} from pgrst_source${joins}) _t)`;
  }
  return `with pgrst_source as (${source}) select (select count(*) from pgrst_source)::int as page_total, ` +
    `null::int as total, ` +
    `${extra.inserted ? '(select count(*) from pgrst_source where pgrst_inserted)::int' : 'null::int'} as inserted, ` +
    `${body} as body, ` +
    `${extra.location ? locationSql(extra.location) : 'null::text'} as location_id`;
}

/** PostgREST's locationF: the key's values, as a JSON array of text, only when exactly one row was written. */
function locationSql(key: string[]): string {
  const values = key.map((name) => `${quote(name)}::text`).join(', ');
  return `(select json_build_array(${values})::text from pgrst_source where (select count(*) from pgrst_source) = 1)`;
}

function insertSql(plan: InsertPlan): Statement {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const names = plan.columns.map((c) => quote(c.name)).join(', ');
  // One row per object, even with no columns: `[]` inserts nothing and `[{}, {}]` two rows of
  // defaults (an empty select list is valid), as PostgREST does; DEFAULT VALUES would insert one.
  const columnList = plan.columns.length > 0 ? ` (${names})` : '';
  let source = `insert into ${table}${columnList} select ${names} from json_populate_recordset(null::${table}, ${rowsSql(plan, params)}) _`;
  if (plan.put) source += ` where ${plan.put.map((condition) => `_.${quote(condition.column)} = ${params.add(condition.value)}`).join(' and ')}`;
  if (plan.conflict) {
    const target = plan.conflict.columns.map((c) => quote(c.name)).join(', ');
    const conflictNames = new Set(plan.conflict.columns.map((c) => c.name));
    const updates = plan.columns.filter((c) => !conflictNames.has(c.name)).map((c) => `${quote(c.name)} = excluded.${quote(c.name)}`);
    source += plan.conflict.resolution === 'merge-duplicates' && updates.length > 0
      ? ` on conflict (${target}) do update set ${updates.join(', ')}`
      : ` on conflict (${target}) do nothing`;
  }
  // xmax = 0 marks a row this statement inserted (not one an upsert updated).
  source += ` returning ${table}.*, (xmax = 0) as pgrst_inserted`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: true, location: plan.location }), values: params.values };
}

/**
 * The body's rows as json; with `missing=default`, each object laid over its columns' defaults
 * (PostgREST's `jsonb_build_object(defaults) || elem`), so a key present, even null, wins.
 * The default expressions are the catalog's own (pg_get_expr), never the request's.
 */
function rowsSql(plan: InsertPlan, params: Parameters): string {
  const rows = params.add(plan.rows);
  if (plan.defaults.length === 0) return `${rows}::json`;
  const defaults = plan.defaults.map((column) => `'${column.name.replaceAll("'", "''")}', ${column.default}`).join(', ');
  return `(select jsonb_agg(jsonb_build_object(${defaults}) || elem) from jsonb_array_elements(${rows}::jsonb) elem)::json`;
}

function updateSql(plan: UpdatePlan): Statement {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  if (plan.columns.length === 0) {
    // An empty patch changes nothing; answer as an update that matched no row.
    return { text: writeResultSql(`select * from ${table} where false`, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
  }
  const row = params.add(plan.row);
  const assignments = plan.columns.map((c) => `${quote(c.name)} = pgrst_body.${quote(c.name)}`).join(', ');
  const source = `update ${table} set ${assignments} from json_populate_record(null::${table}, ${row}::json) pgrst_body` +
    `${whereSql(plan, params)} returning ${table}.*`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
}

function deleteSql(plan: DeletePlan): Statement {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const source = `delete from ${table}${whereSql(plan, params)} returning ${table}.*`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
}

/** A function's call is rpc-sql.ts's. */
export function toStatement(plan: Exclude<Plan, CallPlan>): Statement {
  switch (plan.kind) {
    case 'read': return readSql(plan);
    case 'insert': return insertSql(plan);
    case 'update': return updateSql(plan);
    case 'delete': return deleteSql(plan);
  }
}
