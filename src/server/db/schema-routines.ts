// The functions of schema public in the schema cache (PostgREST's Routine): what `rpc/<name>` may
// call, how its arguments are passed, and what shape its result has. Read once at start with the
// tables, so an unknown function or argument fails before any SQL is built.
import type { CatalogReader } from './catalog-reader.js';
import { READ_ONLY, type Column, type Table } from './schema-tables.js';

export interface RoutineParam {
  name: string;
  /** format_type() of the argument, e.g. `integer`, `date`, `text[]`. */
  type: string;
  /** false when the function gives it a default. */
  required: boolean;
  variadic: boolean;
}

type Volatility = 'volatile' | 'stable' | 'immutable';

export interface Routine {
  name: string;
  description: string | null;
  /** The named input arguments, in order. */
  params: RoutineParam[];
  /** The type of its one unnamed argument, one a request body is passed to whole (json, jsonb, text, xml, bytea). */
  singleUnnamedParam: string | null;
  volatility: Volatility;
  returnsSet: boolean;
  /**
   * The result's rows as a relation: a table of the schema cache when the function returns one of
   * its row types (so its relationships embed), else the columns of the composite type, of
   * RETURNS TABLE or of the OUT arguments; null for a scalar result.
   */
  result: Table | null;
  /** format_type() of a scalar result (`integer`, `json`, `void`...). */
  returnType: string;
  /** The API roles that may EXECUTE it: only those see it in the schema cache (PostgREST's rule). */
  executableBy: ReadonlySet<string>;
}

interface RoutineRow {
  name: string;
  description: string | null;
  volatility: 'v' | 's' | 'i';
  returns_set: boolean;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  arg_count: number;
  defaults: number;
  return_type: string;
  return_table: string | null;
  composite_columns: Array<{ name: string; type: string }> | null;
  executable_by: string[];
}

// Functions (not procedures, aggregates or window functions) of schema public, without trigger
// functions; their argument lists in order, and the columns of a composite result type.
const ROUTINES = `
  select p.proname::text as name, obj_description(p.oid, 'pg_proc') as description,
         p.provolatile::text as volatility, p.proretset as returns_set,
         coalesce(p.proargnames, '{}')::text[] as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(t.oid, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality as u(oid, i) join pg_type t on t.oid = u.oid order by u.i)::text[] as arg_types,
         p.pronargs::int as arg_count, p.pronargdefaults::int as defaults,
         format_type(p.prorettype, null) as return_type,
         (select c.relname::text from pg_class c join pg_namespace cn on cn.oid = c.relnamespace
          where c.oid = rt.typrelid and cn.nspname = 'public' and c.relkind in ('r', 'p', 'v')) as return_table,
         case when rt.typrelid <> 0 then
           (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
            from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped)
         end as composite_columns,
         array(select r.rolname::text from pg_roles r
               where r.rolname in ('anon', 'authenticated', 'service_role') and has_function_privilege(r.oid, p.oid, 'execute')) as executable_by
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = 'public' and p.prokind = 'f' and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
  order by p.proname, p.oid`;

const VOLATILITY: Record<RoutineRow['volatility'], Volatility> = { v: 'volatile', s: 'stable', i: 'immutable' };
// PostgREST's findProc passes a POST's body whole to one unnamed argument of these, by Content-Type.
const WHOLE_BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

function relation(name: string, columns: Array<{ name: string; type: string }>): Table {
  const list: Column[] = columns.map((c) => ({ name: c.name, type: c.type, nullable: true, default: null, description: null, enum: null }));
  return { name, description: null, columns: list, columnsByName: new Map(list.map((c) => [c.name, c])), primaryKey: [], writes: READ_ONLY };
}

function routineOf(row: RoutineRow, tables: Map<string, Table>): Routine | null {
  // proargmodes is null when every argument is IN; proargtypes then lists them alone.
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => 'i');
  const inputs: Array<{ name: string; type: string; variadic: boolean }> = [];
  const outputs: Array<{ name: string; type: string }> = [];
  modes.forEach((mode, i) => {
    const argument = { name: row.arg_names[i] ?? '', type: row.arg_types[i]!, variadic: mode === 'v' };
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(argument);
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(argument);
  });
  const firstDefault = row.arg_count - row.defaults;
  let singleUnnamedParam: string | null = null;
  if (inputs.length === 1 && inputs[0]!.name === '' && WHOLE_BODY_TYPES.has(inputs[0]!.type)) singleUnnamedParam = inputs[0]!.type;
  // Unnamed arguments cannot be given by name; such a function is not callable over HTTP.
  else if (inputs.some((input) => input.name === '')) return null;
  let result: Table | null = null;
  if (outputs.length > 0) result = relation(row.name, outputs);
  else if (row.return_table !== null) result = tables.get(row.return_table) ?? null;
  if (result === null && row.composite_columns !== null) result = relation(row.name, row.composite_columns);
  return {
    name: row.name,
    description: row.description,
    params: singleUnnamedParam ? [] : inputs.map((input, i) => ({ ...input, required: i < firstDefault })),
    singleUnnamedParam,
    volatility: VOLATILITY[row.volatility],
    returnsSet: row.returns_set,
    result,
    returnType: row.return_type,
    executableBy: new Set(row.executable_by),
  };
}

/** Overloads by name. */
export async function loadRoutines(db: CatalogReader, tables: Map<string, Table>): Promise<Map<string, Routine[]>> {
  const routines = new Map<string, Routine[]>();
  for (const row of await db.query<RoutineRow>(ROUTINES)) {
    const routine = routineOf(row, tables);
    if (!routine) continue;
    const overloads = routines.get(routine.name) ?? [];
    overloads.push(routine);
    routines.set(routine.name, overloads);
  }
  return routines;
}
