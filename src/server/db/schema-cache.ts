// The schema cache (PostgREST's term): tables, columns, foreign-key relationships and functions of
// schema public, read once at start. The planner resolves every name against it, so unknown names fail
// before any SQL is built.
import type { CatalogReader } from './catalog-reader.js';
import type { Column, Table } from './schema-tables.js';
import { loadRoutines, type Routine } from './schema-routines.js';

export type { Column, Table } from './schema-tables.js';

/**
 * One direction of a foreign key, as PostgREST's Relationship: from `table` to `foreignTable`.
 * Every foreign key gives two, many-to-one from the referencing table and one-to-many back (or
 * one-to-one both ways when the referencing columns are a primary or unique key).
 */
export interface Relationship {
  constraint: string;
  table: string;
  foreignTable: string;
  /** Pairs of (column of `table`, column of `foreignTable`), in the key's order. */
  columns: Array<[string, string]>;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  /** A table referencing itself (sessions.amends_id). */
  isSelf: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  /** By the table they start from. */
  relationships: Map<string, Relationship[]>;
  /** The functions `rpc/` may call, overloads by name. */
  routines: Map<string, Routine[]>;
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
  /** pg_relation_is_updatable's bits: 8 insert, 4 update, 16 delete. */
  writable: number;
}

const COLUMNS = `
  select c.relname as table_name, obj_description(c.oid, 'pg_class') as table_description,
         a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
         pg_get_expr(d.adbin, d.adrelid) as default, col_description(c.oid, a.attnum) as description,
         coalesce(a.attnum = any(i.indkey), false) as primary_key,
         -- PostgREST's: a table takes every write, a view those PostgreSQL can do through it
         -- (pg_relation_is_updatable's bits 8, 4 and 16, INSTEAD OF triggers counted).
         case when c.relkind in ('r', 'p') then 28 else pg_relation_is_updatable(c.oid, true) end as writable
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

// Foreign keys between tables of schema public, their columns in key order; `unique_key` when the
// referencing columns are exactly a primary key or unique constraint (a one-to-one relationship).
const FOREIGN_KEYS = `
  select k.conname::text as constraint, c.relname::text as table_name, f.relname::text as foreign_table,
         array(select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, i)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.i) as columns,
         array(select a.attname::text from unnest(k.confkey) with ordinality as u(attnum, i)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.i) as foreign_columns,
         exists(select 1 from pg_constraint q
                where q.conrelid = k.conrelid and q.contype in ('p', 'u')
                  and (select array_agg(x order by x) from unnest(q.conkey) x) = (select array_agg(x order by x) from unnest(k.conkey) x)
         ) as unique_key
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_class f on f.oid = k.confrelid
  join pg_namespace fn on fn.oid = f.relnamespace
  where k.contype = 'f' and n.nspname = 'public' and fn.nspname = 'public'
  order by k.conname`;

interface ForeignKeyRow {
  constraint: string;
  table_name: string;
  foreign_table: string;
  columns: string[];
  foreign_columns: string[];
  unique_key: boolean;
}

function relationshipsOf(foreignKeys: ForeignKeyRow[]): Map<string, Relationship[]> {
  const relationships = new Map<string, Relationship[]>();
  const add = (relationship: Relationship) => {
    const list = relationships.get(relationship.table) ?? [];
    list.push(relationship);
    relationships.set(relationship.table, list);
  };
  for (const key of foreignKeys) {
    const pairs = key.columns.map((column, i): [string, string] => [column, key.foreign_columns[i]!]);
    const isSelf = key.table_name === key.foreign_table;
    add({
      constraint: key.constraint, table: key.table_name, foreignTable: key.foreign_table, columns: pairs,
      cardinality: key.unique_key ? 'one-to-one' : 'many-to-one', isSelf,
    });
    add({
      constraint: key.constraint, table: key.foreign_table, foreignTable: key.table_name,
      columns: pairs.map(([column, foreign]): [string, string] => [foreign, column]),
      cardinality: key.unique_key ? 'one-to-one' : 'one-to-many', isSelf,
    });
  }
  return relationships;
}

export async function loadSchemaCache(db: CatalogReader): Promise<SchemaCache> {
  const [columnRows, checkRows, foreignKeys] = await Promise.all([
    db.query<ColumnRow>(COLUMNS),
    db.query<{ table_name: string; definition: string }>(CHECKS),
    db.query<ForeignKeyRow>(FOREIGN_KEYS),
  ]);
  const tables = new Map<string, Table>();
  for (const row of columnRows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = {
        name: row.table_name, description: row.table_description, columns: [], columnsByName: new Map(), primaryKey: [],
        writes: { insert: (row.writable & 8) !== 0, update: (row.writable & 4) !== 0, delete: (row.writable & 16) !== 0 },
      };
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
  return { tables, relationships: relationshipsOf(foreignKeys), routines: await loadRoutines(db, tables) };
}
