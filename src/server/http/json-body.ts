// Reading a JSON request body: its nesting depth is measured by one linear scan before JSON.parse,
// so a body of a million `[` is refused in O(n) before any parser or the database recurses into it.
import { failures } from '../errors.js';
import { JSON_DEPTH_LIMIT } from './limits.js';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Throws json_too_deep when objects and arrays nest deeper than the limit; strings are skipped. */
function assertJsonDepth(text: string, limit = JSON_DEPTH_LIMIT): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      if (++depth > limit) throw failures.jsonTooDeep(limit);
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth--;
    }
  }
}

/** The parsed body; `invalid()` is what each API answers to a missing or malformed one. */
export function parseJsonBody(text: string | undefined, invalid: () => Error): unknown {
  if (text === undefined || text.trim() === '') throw invalid();
  assertJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    throw invalid();
  }
}
