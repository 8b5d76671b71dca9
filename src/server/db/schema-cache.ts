// The schema cache (PostgREST's term): tables and columns of schema public, read once at start.
// The planner resolves every name against it, so unknown names fail before any SQL is built.
import type { Database } from './database.js';

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
}

export interface SchemaCache {
  tables: Map<string, Table>;
}

interface ColumnRow {
  table_name: string;
  table_description: string | null;
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  description: string | null;
  primary_key: boolean;
}

const COLUMNS = `
  select c.relname as table_name, obj_description(c.oid, 'pg_class') as table_description,
         a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
         pg_get_expr(d.adbin, d.adrelid) as default, col_description(c.oid, a.attnum) as description,
         coalesce(a.attnum = any(i.indkey), false) as primary_key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
  left join pg_index i on i.indrelid = c.oid and i.indisprimary
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
  order by c.relname, a.attnum`;

const CHECKS = `
  select c.relname as table_name, pg_get_constraintdef(k.oid) as definition
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and k.contype = 'c'`;

// pg_get_constraintdef renders `status in ('a','b')` as `((status = ANY (ARRAY['a'::text, 'b'::text])))`.
const ENUM_CHECK = /^CHECK \(\(\(?(\w+)\)? = ANY \(+ARRAY\[(.+)\]\)+$/;

function enumValues(definition: string): { column: string; values: string[] } | null {
  const match = ENUM_CHECK.exec(definition);
  if (!match) return null;
  const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1]!.replaceAll("''", "'"));
  return values.length > 0 ? { column: match[1]!, values } : null;
}

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const [columnRows, checkRows] = await Promise.all([
    db.query<ColumnRow>(COLUMNS),
    db.query<{ table_name: string; definition: string }>(CHECKS),
  ]);
  const tables = new Map<string, Table>();
  for (const row of columnRows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, description: row.table_description, columns: [], columnsByName: new Map(), primaryKey: [] };
      tables.set(row.table_name, table);
    }
    const column: Column = {
      name: row.name,
      type: row.type,
      nullable: row.nullable,
      default: row.default,
      description: row.description,
      enum: null,
    };
    table.columns.push(column);
    table.columnsByName.set(column.name, column);
    if (row.primary_key) table.primaryKey.push(column.name);
  }
  for (const check of checkRows) {
    const found = enumValues(check.definition);
    const column = found && tables.get(check.table_name)?.columnsByName.get(found.column);
    if (column && found) column.enum = found.values;
  }
  return { tables };
}
