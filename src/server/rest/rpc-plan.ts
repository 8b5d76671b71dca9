// Stage 2 for `rpc/<name>` (PostgREST's CallPlan): the function is chosen among its overloads by
// the names of the arguments given, as PostgREST's findProc chooses it, and its result is planned
// as a read of a relation, so select, filters, order, limit/offset, Range and count work on it.
import type { SchemaCache, Table } from '../db/schema-cache.js';
import type { Routine, RoutineParam } from '../db/schema-routines.js';
import { READ_ONLY } from '../db/schema-tables.js';
import { failures, ServiceError } from '../errors.js';
import { closest } from './closest-name.js';
import { parseQuery } from './parse-query.js';
import { readWindow, type CallPlan } from './plan.js';
import { planResource } from './plan-shape.js';
import { bodyArguments, onlyWhole, queryArguments, queryValuesFor, wholeBodyTypes, type CallArguments } from './rpc-arguments.js';
import type { Preferences, RangeHeader } from './query.js';

export interface CallInput {
  name: string;
  method: string;
  /** The raw query string, without `?`. */
  search: string;
  /** The body of a POST as it came; undefined for GET and HEAD. */
  bodyText: string | undefined;
  contentType: string | undefined;
  prefer: Preferences;
  range: RangeHeader | null;
  single: boolean;
  csv: boolean;
}

const SCHEMA = 'public';
const CALL_METHODS = new Set(['GET', 'HEAD', 'POST']);
const JSON_TYPES = new Set(['json', 'jsonb']);

/** What the function is looked up by (findProc's arguments). */
interface Lookup {
  keys: string[];
  source: CallArguments['source'];
  /** `Prefer: params=single-object` (PostgREST 12; 13 removed it): the arguments go whole to one json parameter. */
  singleObject: boolean;
}

// An unnamed parameter is written with its empty name, as PostgREST's AmbiguousRpc writes it: `f( => json)`.
const signature = (routine: Routine) =>
  `${SCHEMA}.${routine.name}(${routine.singleUnnamedParam !== null ? ` => ${routine.singleUnnamedParam}` : routine.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;

/**
 * PGRST202, worded as PostgREST's NoRpc, with its noRpcHint: a lookup by one parameter only (single-object,
 * a text, XML or binary body) names no arguments and hints nothing; only a POST of JSON was also looked
 * up by a single unnamed json parameter.
 */
function noRoutine(schema: SchemaCache, name: string, lookup: Lookup, overloads: Routine[]): ServiceError {
  const sorted = [...lookup.keys].sort();
  const qualified = `${SCHEMA}.${name}`;
  const byOneParameter = lookup.singleObject || onlyWhole(lookup.source);
  const named = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const message = `Could not find the function ${qualified}${byOneParameter ? '' : named} in the schema cache`;
  const withArguments = sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length === 1 ? '' : 's'} ${sorted.join(', ')}`;
  const wholeTypes = wholeBodyTypes(lookup.source).join('/');
  const searched = lookup.singleObject ? ' with a single json/jsonb parameter'
    : onlyWhole(lookup.source) ? ` with a single unnamed ${wholeTypes} parameter`
      : `${withArguments}${wholeTypes === '' ? '' : ` or with a single unnamed ${wholeTypes} parameter`}`;
  const details = `Searched for the function ${qualified}${searched}, but no matches were found in the schema cache.`;
  if (byOneParameter) return new ServiceError(404, 'PGRST202', message, details);
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const suggestion = overloads.length > 0
    ? (() => {
      const found = closest(list(lookup.keys), overloads.map((o) => list(o.params.map((p) => p.name))), true);
      return found && `${name}${found}`;
    })()
    : closest(name, [...schema.routines.keys()], true);
  return new ServiceError(404, 'PGRST202', message, details, suggestion && `Perhaps you meant to call the function ${SCHEMA}.${suggestion}`);
}

function ambiguous(found: Routine[]): ServiceError {
  return new ServiceError(300, 'PGRST203',
    `Could not choose the best candidate function between: ${found.map(signature).join(', ')}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

/** The type of a function's one json or jsonb parameter, named or not, else null. */
function oneJsonParameter(routine: Routine): string | null {
  const [only, ...others] = routine.params;
  const type = routine.singleUnnamedParam ?? (only !== undefined && others.length === 0 ? only.type : null);
  return type !== null && JSON_TYPES.has(type) ? type : null;
}

/**
 * findProc's matchesParams: under single-object, one json parameter; else exactly the arguments
 * given, every one without a default among them; a function of none takes no text, XML or binary body.
 */
function matches(routine: Routine, { keys, source, singleObject }: Lookup): boolean {
  if (singleObject) return oneJsonParameter(routine) !== null;
  if (routine.singleUnnamedParam !== null) return false;
  if (routine.params.length === 0 && onlyWhole(source)) return false;
  return keys.every((key) => routine.params.some((p) => p.name === key)) &&
    routine.params.every((p) => !p.required || keys.includes(p.name));
}

/** findProc's fallback: a POST's body whole to a function's one unnamed parameter of the body's type. */
const takesBodyWhole = (routine: Routine, source: Lookup['source']) =>
  routine.singleUnnamedParam !== null && wholeBodyTypes(source).includes(routine.singleUnnamedParam);

// Every overload, whoever may execute it: PostgREST's schema cache does not look at privileges, so a
// function the role may not execute is found, called, and refused by PostgreSQL with 42501 (401 for
// anon, 403 otherwise), not reported missing (PGRST202).
function chooseRoutine(schema: SchemaCache, name: string, lookup: Lookup): Routine {
  const overloads = schema.routines.get(name) ?? [];
  const found = overloads.filter((routine) => matches(routine, lookup));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw ambiguous(found);
  const whole = overloads.filter((routine) => takesBodyWhole(routine, lookup.source));
  if (whole.length === 1) return whole[0]!;
  if (whole.length > 1) throw ambiguous(whole);
  throw noRoutine(schema, name, lookup, overloads);
}

/** The one column of a scalar result, as PostgREST's callPlanToQuery names it (a CSV's header too). */
export const SCALAR_COLUMN = 'pgrst_scalar';

/** A scalar result read as a relation of one column. */
function scalarRelation(routine: Routine): Table {
  const column = { name: SCALAR_COLUMN, type: routine.returnType, nullable: true, default: null, description: null, enum: null };
  return { name: routine.name, description: null, columns: [column], columnsByName: new Map([[column.name, column]]), primaryKey: [], writes: READ_ONLY };
}

export function planCall(schema: SchemaCache, input: CallInput): CallPlan {
  if (!CALL_METHODS.has(input.method)) throw failures.rpcMethod(input.method);
  const viaQuery = input.method !== 'POST';
  const { args, rest } = viaQuery
    ? queryArguments(input.search)
    : { args: bodyArguments(input.bodyText, input.contentType), rest: input.search };
  const lookup: Lookup = { keys: args.keys, source: args.source, singleObject: input.prefer.params === 'single-object' };
  const routine = chooseRoutine(schema, input.name, lookup);
  // callPlan's OnePosParam: an unnamed parameter, or under single-object the one json parameter, takes the arguments whole.
  const positional = routine.singleUnnamedParam ?? (lookup.singleObject ? oneJsonParameter(routine) : null);
  const given: RoutineParam[] = positional === null ? routine.params.filter((p) => args.keys.includes(p.name)) : [];
  const query = parseQuery(rest);
  const table = routine.result ?? scalarRelation(routine);
  const resource = planResource(schema, table, query.select, query);
  const readOnly = viaQuery || routine.volatility !== 'volatile';
  return {
    kind: 'call',
    table,
    tenant: null,
    single: input.single,
    csv: input.csv,
    ...resource,
    ...readWindow(query, input.range),
    count: input.prefer.count === 'exact',
    // Prefer: return= is not for calls: PostgREST answers a call with its result whatever it says.
    withBody: input.method !== 'HEAD',
    routine,
    given,
    positional,
    args: positional !== null ? args.whole : viaQuery ? queryValuesFor(routine.params, args.named) : args.namedText,
    readOnly,
  };
}

/**
 * The function OPTIONS describes, chosen as a call without arguments chooses it (PostgREST's
 * RoutineInfoPlan): one whose every parameter has a default, or none.
 */
export const routineForInfo = (schema: SchemaCache, name: string): Routine =>
  chooseRoutine(schema, name, { keys: [], source: 'query', singleObject: false });

/** Whether every overload of `name` is stable or immutable: its calls count as reads (rate limits). */
export function callsOnlyReaders(schema: SchemaCache, name: string | undefined): boolean {
  const overloads = name === undefined ? undefined : schema.routines.get(name);
  return overloads !== undefined && overloads.every((routine) => routine.volatility !== 'volatile');
}
