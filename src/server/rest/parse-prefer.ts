// Stage 1 of a REST request, for its headers: Prefer and Range become Preferences and a RangeHeader,
// read as PostgREST's Preferences.hs and RangeQuery.hs read them. Pure.
import { failures } from '../errors.js';
import type { Preferences, RangeHeader } from './query.js';

const RETURN: Record<string, Preferences['return']> = {
  'return=minimal': 'minimal',
  'return=representation': 'representation',
  'return=headers-only': 'headers-only',
};

// PostgREST also answers `planned` (the planner's row estimate) and `estimated` (exact up to
// max-rows, the estimate above). Both are read as `exact` here: for `estimated` that is what
// PostgREST itself does on tables the size of a practice's, and for `planned` an exact total is a
// better answer to the same question than no total at all, which a client would have to special-case.
const COUNT: Record<string, Preferences['count']> = {
  'count=exact': 'exact',
  'count=planned': 'exact',
  'count=estimated': 'exact',
};

const RESOLUTION: Record<string, Preferences['resolution']> = {
  'resolution=merge-duplicates': 'merge-duplicates',
  'resolution=ignore-duplicates': 'ignore-duplicates',
};

const MISSING: Record<string, Preferences['missing']> = {
  'missing=default': 'default',
  'missing=null': 'null',
};

// PostgREST 12 passes a call's arguments whole to a function's one json parameter; 13 removed it.
const PARAMS: Record<string, Preferences['params']> = {
  'params=single-object': 'single-object',
};

const HANDLING: Record<string, Preferences['handling']> = {
  'handling=strict': 'strict',
  'handling=lenient': 'lenient',
};

// Recognised but never applied: Supabase does not let a request choose its transaction's end.
const TRANSACTION = new Set(['tx=commit', 'tx=rollback']);
const TIMEZONE = 'timezone=';
const MAX_AFFECTED = 'max-affected=';
// Haskell's readMaybe of an Int64, as PostgREST reads the number.
const WHOLE_NUMBER = /^-?\d+$/;

const recognised = (token: string) =>
  [RETURN, PARAMS, COUNT, RESOLUTION, MISSING, HANDLING].some((known) => Object.hasOwn(known, token)) ||
  TRANSACTION.has(token) || token.startsWith(TIMEZONE) || token.startsWith(MAX_AFFECTED);

/**
 * The Prefer header (several arrive joined with `, `), as PostgREST's Preferences.fromHeaders reads
 * it. Tokens are matched exactly, case and all, after trimming; the first token of each kind wins.
 * Anything unrecognised is ignored, unless `handling=strict` asks for 400 PGRST122 instead. A time
 * zone is not checked here: the database refuses one it does not know (400), whatever the handling.
 * `applied` echoes the honoured tokens as the client spelled them, in PostgREST's
 * Preference-Applied order; `max-affected` only with `handling=strict`, the one way it is honoured.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const tokens = (header ?? '').split(',').map((token) => token.trim()).filter((token) => token !== '');
  const firstOf = <T>(known: Record<string, T>) => tokens.find((token) => Object.hasOwn(known, token));
  const valueOf = (prefix: string) => tokens.find((token) => token.startsWith(prefix))?.slice(prefix.length);
  const resolution = firstOf(RESOLUTION);
  const missing = firstOf(MISSING);
  const representation = firstOf(RETURN);
  const params = firstOf(PARAMS);
  const count = firstOf(COUNT);
  const handling = firstOf(HANDLING);
  const timezone = valueOf(TIMEZONE);
  const maxAffectedText = valueOf(MAX_AFFECTED);
  const maxAffected = maxAffectedText !== undefined && WHOLE_NUMBER.test(maxAffectedText) ? Number(maxAffectedText) : null;
  const strict = handling !== undefined && HANDLING[handling] === 'strict';
  const invalid = tokens.filter((token) => !recognised(token));
  if (strict && invalid.length > 0) throw failures.invalidPreferences(invalid);
  return {
    return: representation ? RETURN[representation]! : null,
    params: params ? PARAMS[params]! : null,
    count: count ? COUNT[count]! : null,
    resolution: resolution ? RESOLUTION[resolution]! : null,
    missing: missing ? MISSING[missing]! : null,
    handling: handling ? HANDLING[handling]! : null,
    timezone: timezone ?? null,
    maxAffected: strict ? maxAffected : null,
    applied: [
      resolution, missing, representation, params, count, handling,
      timezone === undefined ? undefined : `${TIMEZONE}${timezone}`,
      strict && maxAffected !== null ? `${MAX_AFFECTED}${maxAffected}` : undefined,
    ].filter((token) => token !== undefined),
  };
}

// RangeQuery.rangeParse: exactly `first-` or `first-last`, digits only. The unit travels in a
// separate `Range-Unit: items` header, so `items=0-24` (like any other spelling) does not match and
// the header is ignored, as PostgREST ignores it.
const RANGE = /^([0-9]+)-([0-9]*)$/;

function rowIndex(digits: string): number {
  return Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
}

/** The `Range` request header; null when absent or unreadable; 416 PGRST103 when reversed. */
export function parseRangeHeader(header: string | undefined): RangeHeader | null {
  const match = header === undefined ? null : RANGE.exec(header);
  if (!match) return null;
  const first = rowIndex(match[1]!);
  const last = match[2] === '' ? null : rowIndex(match[2]!);
  if (last !== null && last < first) {
    throw failures.invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { first, last };
}
