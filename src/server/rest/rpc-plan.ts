// Stage 2 for `rpc/<name>` (PostgREST's CallPlan): the function is chosen among its overloads by
// the names of the arguments given, as PostgREST's findProc chooses it, and its result is planned
// as a read of a relation, so select, filters, order, limit/offset, Range and count work on it.
import type { SchemaCache, Table } from '../db/schema-cache.js';
import type { Routine, RoutineParam } from '../db/schema-routines.js';
import { failures, ServiceError } from '../errors.js';
import { closest } from './closest-name.js';
import { parseQuery } from './parse-query.js';
import { splitQueryString } from './parse-query/query-string.js';
import { readWindow, type CallPlan } from './plan.js';
import { planResource } from './plan-shape.js';
import type { Preferences, RangeHeader } from './query.js';

export interface CallInput {
  name: string;
  method: string;
  /** The raw query string, without `?`. */
  search: string;
  /** The parsed body of a POST; undefined for GET and HEAD. */
  body: unknown;
  /** The body as it came: what a single unnamed json parameter is given. */
  bodyText: string | undefined;
  /** A POST of JSON (PostgREST's default): the one kind of call a single json parameter could take. */
  jsonBody: boolean;
  prefer: Preferences;
  range: RangeHeader | null;
  single: boolean;
  csv: boolean;
}

const SCHEMA = 'public';
const CALL_METHODS = new Set(['GET', 'HEAD', 'POST']);
// Query parameters that are never arguments (QueryParams.hs: reserved, and reserved as a last word).
const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_LAST_WORD = new Set(['order', 'limit', 'offset', 'and', 'or']);
const OPERATORS = new Set([
  'eq', 'gte', 'gt', 'lte', 'lt', 'neq', 'like', 'ilike', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'match', 'imatch',
  'isdistinct', 'fts', 'plfts', 'phfts', 'wfts',
]);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);

/** PostgREST's hasOperator and hasFtsOperator: a value that reads as a filter, not an argument. */
function looksLikeFilter(value: string): boolean {
  const parts = value.split('.');
  const head = parts[0]!.replace(/\((any|all)\)$/, '');
  if (parts.length > 1 && (parts[0] === 'not' || parts[0] === 'is' || parts[0] === 'in' || OPERATORS.has(head))) return true;
  const paren = value.split('(');
  return paren.length > 1 && FTS.has(paren[0]!);
}

/**
 * A GET's arguments and the rest of its query string: a key without a dot, not reserved, whose
 * value is no filter, is an argument; a repeated one gives an array (a variadic or array argument).
 * `?slug=` is the empty string, as PostgREST's qsParams passes it; a key without `=` is no argument.
 */
function splitArguments(search: string): { args: Record<string, string | string[]>; rest: string } {
  const args: Record<string, string | string[]> = {};
  const rest: string[] = [];
  for (const item of search.split(/[&;]/)) {
    const [pair] = splitQueryString(item);
    if (pair === undefined) continue;
    const [key, value] = pair;
    const lastWord = key.split('.').at(-1)!;
    if (value === null || key.includes('.') || RESERVED.has(key) || RESERVED_LAST_WORD.has(lastWord) ||
        looksLikeFilter(value) || key === 'apikey') {
      rest.push(item);
      continue;
    }
    const before = args[key];
    args[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return { args, rest: rest.join('&') };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const signature = (routine: Routine) =>
  `${SCHEMA}.${routine.name}(${routine.singleJsonParam ?? routine.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;

/** PGRST202, worded as PostgREST's NoRpc, with its noRpcHint; only a POST of JSON was also looked up by a single json parameter. */
function noRoutine(schema: SchemaCache, name: string, keys: string[], overloads: Routine[], jsonBody: boolean): ServiceError {
  const sorted = [...keys].sort();
  const message = sorted.length === 0
    ? `Could not find the function ${SCHEMA}.${name} without parameters in the schema cache`
    : `Could not find the function ${SCHEMA}.${name}(${sorted.join(', ')}) in the schema cache`;
  const searched = sorted.length === 0 ? 'without parameters' : `with parameter${sorted.length === 1 ? '' : 's'} ${sorted.join(', ')}`;
  const details = `Searched for the function ${SCHEMA}.${name} ${searched}${jsonBody ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const suggestion = overloads.length > 0
    ? (() => {
      const found = closest(list(keys), overloads.map((o) => list(o.params.map((p) => p.name))), true);
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

/** Takes exactly the arguments given, every one without a default among them. */
const acceptsKeys = (routine: Routine, keys: string[]) =>
  routine.singleJsonParam === null &&
  keys.every((key) => routine.params.some((p) => p.name === key)) &&
  routine.params.every((p) => !p.required || keys.includes(p.name));

// Every overload, whoever may execute it: PostgREST's schema cache does not look at privileges, so a
// function the role may not execute is found, called, and refused by PostgreSQL with 42501 (401 for
// anon, 403 otherwise), not reported missing (PGRST202).
function chooseRoutine(schema: SchemaCache, name: string, keys: string[], jsonBody: boolean): Routine {
  const overloads = schema.routines.get(name) ?? [];
  const found = overloads.filter((routine) => acceptsKeys(routine, keys));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw ambiguous(found);
  const singleJson = overloads.filter((routine) => routine.singleJsonParam !== null);
  if (singleJson.length === 1) return singleJson[0]!;
  if (singleJson.length > 1) throw ambiguous(singleJson);
  throw noRoutine(schema, name, keys, overloads, jsonBody);
}

/** The one column of a scalar result, as PostgREST's callPlanToQuery names it (a CSV's header too). */
export const SCALAR_COLUMN = 'pgrst_scalar';

/** A scalar result read as a relation of one column. */
function scalarRelation(routine: Routine): Table {
  const column = { name: SCALAR_COLUMN, type: routine.returnType, nullable: true, default: null, description: null, enum: null };
  return { name: routine.name, description: null, columns: [column], columnsByName: new Map([[column.name, column]]), primaryKey: [] };
}

export function planCall(schema: SchemaCache, input: CallInput): CallPlan {
  if (!CALL_METHODS.has(input.method)) throw failures.rpcMethod(input.method);
  const viaQuery = input.method !== 'POST';
  let args: Record<string, unknown>;
  let search = input.search;
  if (viaQuery) {
    const split = splitArguments(input.search);
    args = split.args;
    search = split.rest;
  } else if (input.body === undefined || isObject(input.body)) {
    args = (input.body ?? {}) as Record<string, unknown>;
  } else {
    throw failures.invalidBody('Request body of RPC must be a JSON object of the arguments');
  }
  const keys = Object.keys(args);
  const routine = chooseRoutine(schema, input.name, keys, input.jsonBody);
  const given: RoutineParam[] = routine.params.filter((p) => keys.includes(p.name));
  const query = parseQuery(search);
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
    args: routine.singleJsonParam !== null && !viaQuery ? (input.bodyText?.trim() || '{}') : JSON.stringify(args),
    readOnly,
  };
}

/** Whether every overload of `name` is stable or immutable: its calls count as reads (rate limits). */
export function callsOnlyReaders(schema: SchemaCache, name: string | undefined): boolean {
  const overloads = name === undefined ? undefined : schema.routines.get(name);
  return overloads !== undefined && overloads.every((routine) => routine.volatility !== 'volatile');
}
