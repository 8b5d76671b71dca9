// The practice's answers are SQL functions (migration 12) served as PostgREST RPC: a command calls one
// by name with named arguments and presents what it returns. A backend whose schema predates them
// answers PGRST202; that becomes a message naming the schema version it lacks and how to apply it.
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import { CommandError } from '../errors.js';
import { readRows } from './read-ranged.js';

/** The schema version that added the answer functions (src/server/db/migrations/0012-answers.ts). */
const ANSWERS_SCHEMA_VERSION = 12;

/** The schema version that added payments, and the balances and package use answered from them (migration 16). */
export const PAYMENTS_SCHEMA_VERSION = 16;

/** Calls `/rest/v1/rpc/<name>` with `args`: an answer of one value. `since`: the schema version that added it. */
export async function callAnswer<Result>(api: ApiClient, name: string, args: Record<string, unknown>, since = ANSWERS_SCHEMA_VERSION): Promise<Result> {
  return explainingMissing(api, name, since, async () =>
    (await api.request({ method: 'POST', path: `/rest/v1/rpc/${encodeURIComponent(name)}`, body: args, idempotent: true })).json<Result>());
}

/**
 * Every row a set-returning answer gives for `args`, in the function's own order (which each of its
 * answers keeps total), paged past the host's cap on rows per answer as a list is (read-ranged.ts).
 */
export async function readAnswer<Row>(api: ApiClient, name: string, args: Record<string, unknown>, since = ANSWERS_SCHEMA_VERSION): Promise<Row[]> {
  return explainingMissing(api, name, since, () => readRows<Row>(api, { rpc: name, args }, query()));
}

/** `call`, its PGRST202 (no such function: an older schema) told as the schema version it lacks and how to apply it. Every answer function is stable, so a retry is safe. */
async function explainingMissing<Result>(api: ApiClient, name: string, since: number, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'PGRST202') {
      throw await lackingSchema(api, `The service has no function ${name}`, since,
        since === ANSWERS_SCHEMA_VERSION ? ' (the practice\'s answers as SQL functions)' : '');
    }
    throw err;
  }
}

/**
 * The error for a backend whose schema predates version `since`: `what` says what it cannot do
 * (`about`, what that version brought), then the version it has, and how to apply the schema.
 */
export async function lackingSchema(api: ApiClient, what: string, since: number, about = ''): Promise<CommandError> {
  const has = await api.request({ method: 'POST', path: '/rest/v1/rpc/practice_schema_version', body: {}, idempotent: true })
    .then((response) => `; it has version ${response.json<number>()}`, () => '');
  return new CommandError(
    `${what}: its database lacks schema version ${since}${about}${has}.`,
    'Apply the schema with `practice server schema` (for a hosted project: `practice server schema --output supabase/migrations && supabase db push`), or upgrade the service.',
  );
}
