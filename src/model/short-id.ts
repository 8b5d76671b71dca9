// Short ids: the first 8 hex characters of a uuid in list tables, and unique prefixes on the command line.
// Like git's abbreviated hashes, a prefix is only accepted when exactly one known id starts with it.
import { AmbiguousIdError, InvalidInputError, UnknownIdError } from './errors.js';

/** 'an' before a vowel sound in the record names we use (an appointment), else 'a'. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const SHORT_ID_LENGTH = 8;
const UUID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

// Four characters is git's floor too: shorter prefixes are ambiguous as soon as a practice has a few
// hundred rows, and `appt delete 3` should not silently pick one of them.
const MIN_PREFIX_LENGTH = 4;

/** The id as a list table shows it: the uuid's first 8 hex characters, lower case. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH).toLowerCase();
}

/** A named record (a client, a service) as messages and choices show it: `Ann Lee (3f2a9c1b)`. */
export function nameWithId(row: { id: string; name: string }): string {
  return `${row.name} (${shortId(row.id)})`;
}

/**
 * The one id in `ids` that starts with `prefix` (any case, dashes where the uuid has them). `what`
 * names the record in messages (`appointment`). Throws UnknownIdError when none matches and
 * AmbiguousIdError, listing the candidates by a prefix long enough to tell them apart, when several do.
 */
export function matchIdPrefix(prefix: string, ids: readonly string[], what: string): string {
  const wanted = prefix.trim().toLowerCase();
  const shape = wanted.replace(/[0-9a-f]/g, 'x');
  if (!UUID_SHAPE.startsWith(shape) || wanted.replaceAll('-', '').length < MIN_PREFIX_LENGTH) {
    throw new InvalidInputError(
      `expected ${article(what)} ${what} id or a prefix of at least ${MIN_PREFIX_LENGTH} hex characters like 3f2a9c1b; got '${prefix}'`,
    );
  }
  const matches = [...new Set(ids.filter((id) => id.toLowerCase().startsWith(wanted)))];
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw new UnknownIdError(wanted, what);
  throw new AmbiguousIdError(wanted, what, matches.map((id) => distinguishing(id, matches)));
}

/** The shortest prefix of `id`, at least a short id long, that no other candidate shares. */
function distinguishing(id: string, candidates: readonly string[]): string {
  const lower = id.toLowerCase();
  for (let length = SHORT_ID_LENGTH; length < lower.length; length++) {
    const head = lower.slice(0, length);
    if (head.endsWith('-')) continue;
    if (candidates.every((other) => other === id || !other.toLowerCase().startsWith(head))) return head;
  }
  return lower;
}
