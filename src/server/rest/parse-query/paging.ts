// limit and offset. PostgREST reads them with Haskell's readMaybe and silently ignores what is
// not an integer; here that is a 400 (PGRST100), so a client's typo cannot turn into a full read.
import { failures } from '../../errors.js';
import { parseError, Stop, tokenAt } from './parse-error.js';

function parseInteger(name: 'limit' | 'offset', value: string): number {
  const digits = value.startsWith('-') ? 1 : 0;
  let end = digits;
  while (end < value.length && value[end]! >= '0' && value[end]! <= '9') end++;
  if (end === digits || end < value.length) {
    throw parseError(`failed to parse ${name} parameter (${value})`, value, new Stop(end, tokenAt(value, end), ['digit']));
  }
  // Beyond 2^53 a count means "all of them"; -0 is 0.
  const number = Number(value);
  return Number.isSafeInteger(number) ? number + 0 : Math.sign(number) * Number.MAX_SAFE_INTEGER;
}

export function parseLimit(value: string): number {
  const limit = parseInteger('limit', value);
  if (limit < 0) throw failures.invalidRange('Limit should be greater than or equal to zero.');
  return limit;
}

/** A negative offset is a no-op in PostgREST (RangeSpec "succeeds if offset is negative"). */
export function parseOffset(value: string): number | null {
  const offset = parseInteger('offset', value);
  return offset < 0 ? null : offset;
}
