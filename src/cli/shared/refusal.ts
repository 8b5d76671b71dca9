// The service's refusals of a write, with the CLI's own words: the service's hint names the REST
// field to set (`active` false, an `amends_id`), the CLI's the command that does it; a duplicate
// names the record that already has the value, whatever text the backend sent (PostgreSQL's own
// names only its constraint).
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import { nameWithId, shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';

/** A refusal: its HTTP status and the error code the service sends with it. */
export interface Refusal {
  status: number;
  code: string;
}

/** `write`'s result; if the service answers `refusal`, its error with `hint` instead of the service's. */
export async function hintOnRefusal<T>(write: Promise<T>, refusal: Refusal, hint: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof ApiError && err.status === refusal.status && err.code === refusal.code) {
      throw new ApiError(err.status, err.code, err.message, err.details, hint);
    }
    throw err;
  }
}

/** A value that must be unique in the practice, any case: a client's email, a service's name. */
export interface UniqueValue {
  table: 'clients' | 'service_menu';
  column: 'email' | 'name';
  /** The value the write sets; undefined when it sets none (then a duplicate is not about it). */
  value: string | null | undefined;
  /** The record being changed, which may keep its own value. */
  self?: string;
  /** `Client`, `Service`: how the message names the record. */
  what: string;
  /** The command that changes the other record, given its short id: `practice client update`. */
  change: string;
}

const UNIQUE_VIOLATION = { status: 409, code: '23505' };

/**
 * `write`'s result; when the service refuses it as a duplicate (409 23505) and another record has
 * `unique.value`, a failure naming that record: `Client Ann Lee (3f2a9c1b) already has the email ...`.
 */
export async function explainDuplicate<T>(ctx: Context, write: Promise<T>, unique: UniqueValue): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const refused = err instanceof ApiError && err.status === UNIQUE_VIOLATION.status && err.code === UNIQUE_VIOLATION.code;
    if (!refused || !unique.value) throw err;
    const api = await ctx.api();
    const [other] = (await api.select(unique.table, query()
      .eq('therapist_id', await api.userId())
      .ilike(unique.column, unique.value, 'exact')
      .select(['id', 'name'])
      .limit(1))) as unknown as Array<{ id: string; name: string }>;
    if (!other || other.id === unique.self) throw err;
    throw new CommandError(
      `${unique.what} ${nameWithId(other)} already has the ${unique.column} ${unique.value}.`,
      `Use another ${unique.column}, or change that ${unique.what.toLowerCase()}: \`${unique.change} ${shortId(other.id)}\`.`,
    );
  }
}
