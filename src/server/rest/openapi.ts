// `GET /rest/v1/`: the Swagger 2.0 description of every table, built from the schema cache the
// way PostgREST builds its own (PROTOCOL.md section 9).
import type { Column, SchemaCache, Table } from '../db/schema-cache.js';

const JSON_TYPES: Record<string, string> = {
  integer: 'integer', bigint: 'integer', smallint: 'integer', boolean: 'boolean',
  numeric: 'number', real: 'number', 'double precision': 'number', json: 'object', jsonb: 'object',
};

function property(column: Column, table: Table) {
  const baseType = column.type.replace(/\(.*\)$/, '');
  const notes = [
    column.description,
    table.primaryKey.includes(column.name) ? 'Note:\nThis is a Primary Key.<pk/>' : null,
  ].filter(Boolean);
  return {
    type: JSON_TYPES[baseType] ?? 'string',
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

export function openApiDocument(schema: SchemaCache) {
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
    },
    definitions: Object.fromEntries(tables.map((t) => [t.name, definition(t)])),
    parameters,
  };
}
