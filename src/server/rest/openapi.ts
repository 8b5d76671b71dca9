// `GET /rest/v1/`: the Swagger 2.0 description of every table, and of every function the caller's
// role may execute (PostgREST's default openapi-mode, follow-privileges), built from the schema
// cache the way PostgREST builds its own (PROTOCOL.md section 9).
import type { Column, SchemaCache, Table } from '../db/schema-cache.js';
import type { Routine } from '../db/schema-routines.js';

const JSON_TYPES: Record<string, string> = {
  integer: 'integer', bigint: 'integer', smallint: 'integer', boolean: 'boolean',
  numeric: 'number', real: 'number', 'double precision': 'number', json: 'object', jsonb: 'object',
};

const jsonType = (type: string) => JSON_TYPES[type.replace(/\(.*\)$/, '')] ?? 'string';

function property(column: Column, table: Table) {
  const notes = [
    column.description,
    table.primaryKey.includes(column.name) ? 'Note:\nThis is a Primary Key.<pk/>' : null,
  ].filter(Boolean);
  return {
    type: jsonType(column.type),
    format: column.type,
    ...(column.default !== null ? { default: column.default } : {}),
    ...(column.enum ? { enum: column.enum } : {}),
    ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
  };
}

function definition(table: Table) {
  return {
    type: 'object',
    ...(table.description ? { description: table.description } : {}),
    required: table.columns.filter((c) => !c.nullable && c.default === null).map((c) => c.name),
    properties: Object.fromEntries(table.columns.map((c) => [c.name, property(c, table)])),
  };
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` });
const rowFilter = (table: Table, column: Column) => ({ $ref: `#/parameters/rowFilter.${table.name}.${column.name}` });

function paths(table: Table) {
  const filters = table.columns.map((c) => rowFilter(table, c));
  const rows = { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${table.name}` } } };
  return {
    get: {
      tags: [table.name],
      parameters: [...filters, ref('select'), ref('order'), ref('range'), ref('rangeUnit'), ref('offset'), ref('limit'), ref('preferCount')],
      responses: { 200: rows, 206: { description: 'Partial Content' } },
    },
    post: {
      tags: [table.name],
      parameters: [ref(`body.${table.name}`), ref('select'), ref('preferPost')],
      responses: { 201: { description: 'Created' } },
    },
    patch: {
      tags: [table.name],
      parameters: [...filters, ref(`body.${table.name}`), ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    },
    delete: {
      tags: [table.name],
      parameters: [...filters, ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    },
  };
}

const COMMON_PARAMETERS = {
  select: { name: 'select', in: 'query', required: false, type: 'string', description: 'Filtering Columns' },
  order: { name: 'order', in: 'query', required: false, type: 'string', description: 'Ordering' },
  range: { name: 'Range', in: 'header', required: false, type: 'string', description: 'Limiting and Pagination' },
  rangeUnit: { name: 'Range-Unit', in: 'header', required: false, type: 'string', default: 'items', description: 'Limiting and Pagination' },
  offset: { name: 'offset', in: 'query', required: false, type: 'string', description: 'Limiting and Pagination' },
  limit: { name: 'limit', in: 'query', required: false, type: 'string', description: 'Limiting and Pagination' },
  preferCount: { name: 'Prefer', in: 'header', required: false, type: 'string', enum: ['count=none'], description: 'Preference' },
  preferReturn: { name: 'Prefer', in: 'header', required: false, type: 'string', enum: ['return=representation', 'return=minimal', 'return=none'], description: 'Preference' },
  preferPost: {
    name: 'Prefer', in: 'header', required: false, type: 'string', description: 'Preference',
    enum: ['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates'],
  },
};

/** PostgREST's procs paths: POST with the arguments as a body object, GET with them in the query for a function that only reads. */
function routinePath(routine: Routine) {
  const tags = [`(rpc) ${routine.name}`];
  const summary = routine.description ? { summary: routine.description } : {};
  const responses = { 200: { description: 'OK' } };
  const properties = Object.fromEntries(routine.params.map((p) => [p.name, { type: jsonType(p.type), format: p.type }]));
  const required = routine.params.filter((p) => p.required).map((p) => p.name);
  const body = { name: 'args', in: 'body', required: true, schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } };
  const post = { tags, ...summary, parameters: [body], responses };
  if (routine.volatility === 'volatile') return { post };
  const query = routine.params.map((p) => ({ name: p.name, in: 'query', required: p.required, type: jsonType(p.type), format: p.type }));
  return { get: { tags, ...summary, parameters: query, responses }, post };
}

export function openApiDocument(schema: SchemaCache, role: string) {
  const routines = [...schema.routines.values()].flat().filter((routine) => routine.executableBy.has(role))
    .sort((a, b) => a.name.localeCompare(b.name));
  const tables = [...schema.tables.values()].sort((a, b) => a.name.localeCompare(b.name));
  const parameters: Record<string, unknown> = { ...COMMON_PARAMETERS };
  for (const table of tables) {
    parameters[`body.${table.name}`] = { name: table.name, in: 'body', required: false, schema: { $ref: `#/definitions/${table.name}` }, description: table.name };
    for (const column of table.columns) {
      parameters[`rowFilter.${table.name}.${column.name}`] = { name: column.name, in: 'query', required: false, type: 'string', format: column.type };
    }
  }
  return {
    swagger: '2.0',
    info: { title: 'practice', description: 'The practice service: PostgREST-style REST over PostgreSQL with row-level security', version: '1' },
    basePath: '/rest/v1',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json'],
    produces: ['application/json', 'application/vnd.pgrst.object+json'],
    paths: {
      '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)', produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } } },
      ...Object.fromEntries(tables.map((t) => [`/${t.name}`, paths(t)])),
      // Overloads share a path; the last described stands for them, as in PostgREST's document.
      ...Object.fromEntries(routines.map((r) => [`/rpc/${r.name}`, routinePath(r)])),
    },
    definitions: Object.fromEntries(tables.map((t) => [t.name, definition(t)])),
    parameters,
  };
}
