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

/**
 * The Prefer header (several arrive joined with `, `). Tokens are matched exactly, case and all,
 * after trimming; the first token of each kind wins; anything else is ignored (PostgREST's default
 * `handling=lenient`; `handling=strict` itself is not recognised). `applied` echoes the honoured
 * tokens as the client spelled them, in PostgREST's Preference-Applied order.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const tokens = (header ?? '').split(',').map((token) => token.trim());
  const firstOf = <T>(known: Record<string, T>) => tokens.find((token) => Object.hasOwn(known, token));
  const resolution = firstOf(RESOLUTION);
  const representation = firstOf(RETURN);
  const count = firstOf(COUNT);
  return {
    return: representation ? RETURN[representation]! : null,
    count: count ? COUNT[count]! : null,
    resolution: resolution ? RESOLUTION[resolution]! : null,
    applied: [resolution, representation, count].filter((token) => token !== undefined),
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
