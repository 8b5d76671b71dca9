// What a call of `rpc/<name>` gives its function, read as PostgREST 12.2 reads it (ApiRequest.hs
// getPayload and payloadAttributes, QueryParams.hs qsParams): the argument names, their values, and
// the text a function taking the body whole as its one parameter is passed.
import { failures } from '../errors.js';
import { splitQueryString } from './parse-query/query-string.js';
import { isBodyMedia, mediaOf, parseRequestBody, type BodyMedia } from './request-body.js';

// Bodies no argument name is read from: each can only go whole to a function's one unnamed parameter.
const RAW_MEDIA = ['text/plain', 'text/xml', 'application/octet-stream'] as const;

type RawMedia = typeof RAW_MEDIA[number];

export interface CallArguments {
  /** Where they came from: a GET's or HEAD's query, or a POST's body of this media type. */
  source: 'query' | BodyMedia | RawMedia;
  /** The argument names: an object's keys, or those of an array's first object. */
  keys: string[];
  /** The values by name, as one JSON object. */
  named: Record<string, unknown>;
  /**
   * `named` as JSON text for json_to_record: a JSON object body as it came, as PostgREST passes it
   * (a number past 2^53, or with more digits than a double keeps, stays exact); else written from `named`.
   */
  namedText: string;
  /** What a function taking the arguments whole as its one parameter is given. */
  whole: string;
}

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
 * value is no filter, is an argument; a repeated one is kept as an array until the function chosen
 * says what it takes (queryValuesFor).
 * `?slug=` is the empty string, as PostgREST's qsParams passes it; a key without `=` is no argument.
 */
export function queryArguments(search: string): { args: CallArguments; rest: string } {
  const named: Record<string, string | string[]> = {};
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
    const before = named[key];
    named[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  const text = JSON.stringify(named);
  return { args: { source: 'query', keys: Object.keys(named), named, namedText: text, whole: text }, rest: rest.join('&') };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The arguments of a parsed JSON, CSV or form body, by payloadAttributes' rules. */
function fromValue(value: unknown, whole: string): Omit<CallArguments, 'source'> {
  if (isObject(value)) return { keys: Object.keys(value), named: value, namedText: whole, whole };
  // A scalar or null gives no arguments, and a function of one json parameter `[]`, as PostgREST's.
  if (!Array.isArray(value)) return { keys: [], named: {}, namedText: '{}', whole: '[]' };
  // An array is called once, with its first object (PostgREST dropped bulk calls in v11); every
  // element must be an object with the same keys.
  const [first] = value;
  if (first === undefined) return { keys: [], named: {}, namedText: '{}', whole };
  const keys = isObject(first) ? Object.keys(first) : null;
  const sameKeys = (element: unknown) =>
    isObject(element) && Object.keys(element).length === keys!.length && keys!.every((key) => Object.hasOwn(element, key));
  if (keys === null || !value.every(sameKeys)) throw failures.keysMustMatch();
  return { keys, named: first as Record<string, unknown>, namedText: JSON.stringify(first), whole };
}

const isRawMedia = (media: string): media is RawMedia => (RAW_MEDIA as readonly string[]).includes(media);

// The types of the one unnamed parameter a POST's body may go to whole (findProc's hasSingleUnnamedParam).
const WHOLE_BODY_TYPES: Partial<Record<CallArguments['source'], readonly string[]>> = {
  'application/json': ['json', 'jsonb'],
  'text/plain': ['text'],
  'text/xml': ['xml'],
  'application/octet-stream': ['bytea'],
};

/** Those types for arguments from this source; none for a query, a CSV or a form. */
export const wholeBodyTypes = (source: CallArguments['source']): readonly string[] => WHOLE_BODY_TYPES[source] ?? [];

/** A text, XML or binary body: it names no argument, and only a function of one parameter of its type takes it. */
export const onlyWhole = (source: CallArguments['source']): boolean => isRawMedia(source);

/** The bytes of an octet-stream body (its text holds one a character, http/body-text.ts) in bytea's hex form. */
const byteaLiteral = (text: string) => `\\x${Buffer.from(text, 'latin1').toString('hex')}`;

/** A POST's body: JSON (the default), CSV and forms by name; text, XML and bytes only whole; any other type refused. */
export function bodyArguments(text: string | undefined, contentType: string | undefined): CallArguments {
  const media = mediaOf(contentType);
  if (isRawMedia(media)) {
    return { source: media, keys: [], named: {}, namedText: '{}', whole: media === 'application/octet-stream' ? byteaLiteral(text ?? '') : text ?? '' };
  }
  if (!isBodyMedia(media)) throw failures.contentTypeNotAcceptable(media);
  // An empty body calls the function without arguments.
  if (!text?.trim()) return { source: media, keys: [], named: {}, namedText: '{}', whole: '{}' };
  const value = parseRequestBody(text, media);
  return { source: media, ...fromValue(value, media === 'application/json' ? text.trim() : JSON.stringify(value)) };
}

/**
 * A query's arguments as PostgREST's jsonRpcParams gives them to the chosen function: a variadic
 * parameter's values as an array (a single one too), any other repeated argument its last value.
 */
export function queryValuesFor(params: ReadonlyArray<{ name: string; variadic: boolean }>, named: Record<string, unknown>): string {
  const variadic = new Set(params.filter((param) => param.variadic).map((param) => param.name));
  const values = Object.fromEntries(Object.entries(named).map(([key, value]) =>
    [key, variadic.has(key) ? [value].flat() : Array.isArray(value) ? value.at(-1) : value]));
  return JSON.stringify(values);
}
