// `audit --actor`: a user id, or a unique prefix of one as the WHO column shows it (3f2a9c1b). Who
// acted is not a table the client can list, so a prefix is resolved against the actors the trail
// itself names: PostgREST has no `like` on a uuid, but uuids order as their hex text, so the ids a
// prefix stands for are a range (`gte`/`lte`, as resolve.ts reads short ids), walked one distinct
// actor at a time.
import { query } from '../../core/query-builder.js';
import { AmbiguousIdError, InvalidInputError, UnknownIdError } from '../../model/errors.js';
import { matchIdPrefix } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { prefixRange } from '../shared/resolve.js';
import type { AuditEntry } from './shared.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Enough to list the candidates of an ambiguous prefix; a practice's trail names a handful of actors.
const CANDIDATES = 20;
const WHERE = 'The WHO column of `practice audit` shows each actor\'s short id (`practice audit --json actor` the whole one); `practice auth status` shows yours.';

/** The user id `text` names: a whole id as given (its rows may be none), else the one actor of the trail whose id starts with it. */
export async function resolveActor(ctx: Context, text: string): Promise<string> {
  const wanted = text.trim().toLowerCase();
  if (UUID.test(wanted)) return wanted;
  const range = prefixRange(wanted);
  // Not an id: matchIdPrefix names the form expected, and nothing is read.
  const actors = range === null ? [] : await actorsBetween(ctx, range.low, range.high);
  try {
    return matchIdPrefix(wanted, actors, 'actor');
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    // As for any record named by a prefix (README, "Exit codes"): none is 1, several or no id at all 2.
    if (err instanceof UnknownIdError) throw new CommandError((name) => `${name('--actor')}: no actor in the audit trail has an id starting with ${wanted}`, WHERE, '--actor');
    throw UsageError.about('--actor', () => err.message, err instanceof AmbiguousIdError ? 'Use a longer prefix: one of the actor ids listed.' : WHERE);
  }
}

/** The distinct actors from `low` to `high`, in order: each read asks for the first one after the last found. */
async function actorsBetween(ctx: Context, low: string, high: string): Promise<string[]> {
  const api = await ctx.api();
  const actors: string[] = [];
  while (actors.length < CANDIDATES) {
    const next = query<AuditEntry>().select(['actor']).lte('actor', high).order('actor').limit(1);
    const last = actors.at(-1);
    if (last === undefined) next.gte('actor', low);
    else next.gt('actor', last);
    const [row] = await api.select<AuditEntry>('audit_log', next);
    if (!row?.actor) break;
    actors.push(row.actor);
  }
  return actors;
}
