// The memory of prepared reads: a client repeating a read (a day's schedule polled, a list paged
// back and forth) skips parse -> plan -> SQL. Its key holds every input a read's plan is made of.
import type { Statement } from '../db/database.js';
import { LeastRecentlyUsed } from '../lru.js';
import type { Plan } from './plan.js';
import type { Preferences } from './query.js';

/** What parse -> plan -> SQL make of a request: all it needs to run and be answered. */
export interface PreparedRequest {
  plan: Plan;
  statement: Statement;
  prefer: Preferences;
}

/** A request as the pipeline reads it, before parsing; a read's body plays no part. */
export interface RequestShape {
  method: string;
  /** The URL path, which names the table. */
  path: string;
  /** The raw query string, without `?` and `apikey`. */
  search: string;
  /** The tenant predicate binds it: a practice's statement is never another's. */
  userId: string | null;
  /** Which functions `rpc/` may call depends on it. */
  role: string;
  accept: string;
  prefer: string | undefined;
  /** Read only for GET. */
  range: string | undefined;
}

const REMEMBERED_READS = 1000;
const READS = new Set(['GET', 'HEAD']);

// Fields joined by a newline, which no URL, header value or user id can hold: distinct shapes
// never share a key.
const keyOf = (shape: RequestShape) =>
  `${shape.method}\n${shape.role}\n${shape.userId ?? ''}\n${shape.path}\n${shape.search}\n${shape.accept}\n${shape.prefer ?? ''}\n${shape.range ?? ''}`;

/**
 * Reads prepared before, least recently used forgotten first. Only successes are remembered: a
 * request that fails to parse or plan fails again the same way. The schema cache is read once at
 * start; were it ever reloaded, this memory would have to be dropped with it.
 */
export class PreparedReads {
  private readonly memory = new LeastRecentlyUsed<string, PreparedRequest>(REMEMBERED_READS);

  recall(shape: RequestShape): PreparedRequest | undefined {
    return READS.has(shape.method) ? this.memory.get(keyOf(shape)) : undefined;
  }

  remember(shape: RequestShape, prepared: PreparedRequest): void {
    if (READS.has(shape.method)) this.memory.set(keyOf(shape), prepared);
  }
}
