// What a user types for a record -> its id: a full uuid, a unique id prefix (the short ids of list
// tables), or for clients and services a name, searched with ilike (asked on a terminal when several match).
// Exit codes (`practice help exit-codes`) do not depend on the form: nothing found is 1 for a uuid, a
// prefix and a name alike; an ambiguous prefix or name, or text that is no id, is 2.
import { type Query, query } from '../../core/query-builder.js';
import { byFoldedName, foldForSearch } from '../../core/search-text.js';
import { AmbiguousIdError, InvalidInputError, UnknownIdError } from '../../model/errors.js';
import type { Client, Service } from '../../model/records.js';
import { matchIdPrefix, nameWithId, shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError, UsageError, type Wording } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
// As short-id.ts: fewer hex characters than this are not taken for an id prefix.
const MIN_PREFIX_LENGTH = 4;
// Enough to show the choice or the candidates; a search matching more than this needs more letters.
const CANDIDATES = 20;

/** What a record found by name has: clients and services alike. */
type Named = Pick<Client | Service, 'id' | 'name'>;

/** The record named in messages for a table (`appointments` -> `appointment`). */
const recordOf = (table: string) => ({ service_menu: 'service', business_hours: 'business hours', sessions: 'note', conversation_log: 'message' })[table] ?? table.replace(/s$/, '');

/** Where the ids of a record are listed, for the hint of a record not found. */
const LIST_COMMANDS: Record<string, string> = {
  appointment: 'practice appt list',
  client: 'practice client list',
  service: 'practice service list --all',
  note: 'practice note list --client <client>',
  expense: 'practice expense list',
  message: 'practice msg list --client <client>',
};

/** Exit 1: no record has the id or name; the hint says where they are listed. */
function notFound(message: string | Wording, what: string, field: string | null = null): CommandError {
  const list = LIST_COMMANDS[what];
  return new CommandError(message, list ? `See \`${list}\` for ids${what === 'client' || what === 'service' ? ' and names' : ''}.` : null, field);
}

/**
 * The ids a prefix stands for, as a range PostgREST (and PostgreSQL's uuid order, which is the order
 * of the hex text) can filter on: the prefix padded with 0s up to with fs. Null when `text` is not a prefix.
 */
export function prefixRange(text: string): { low: string; high: string } | null {
  const prefix = text.trim().toLowerCase();
  if (!UUID_SHAPE.startsWith(prefix.replace(/[0-9a-f]/g, 'x')) || prefix.replaceAll('-', '').length < MIN_PREFIX_LENGTH) return null;
  const pad = (fill: string) => prefix + UUID_SHAPE.slice(prefix.length).replace(/x/g, fill);
  return { low: pad('0'), high: pad('f') };
}

// The tables differ in their rows, so the queries are built untyped and the rows read as the caller's shape.
async function read<Row>(ctx: Context, table: string, filter: Query): Promise<Row[]> {
  return (await (await ctx.api()).select(table, filter)) as unknown as Row[];
}

function rowsWithPrefix<Row>(ctx: Context, table: string, range: { low: string; high: string }, columns: readonly string[]): Promise<Row[]> {
  return read<Row>(ctx, table, query().gte('id', range.low).lte('id', range.high).select(columns).limit(CANDIDATES));
}

/**
 * matchIdPrefix's refusal, labelled with `flag` when there is one: a prefix nothing has is a record
 * not found (1), as a full uuid nothing has is; an ambiguous or malformed one a usage error (2).
 */
function matchOrRefuse(text: string, ids: readonly string[], what: string, flag?: string): string {
  try {
    return matchIdPrefix(text, ids, what);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    const message: Wording = (name) => (flag ? `${name(flag)}: ${err.message}` : err.message);
    if (err instanceof UnknownIdError) throw notFound(message, what, flag);
    // The ids listed are each the shortest prefix that names one alone.
    throw new UsageError(message, err instanceof AmbiguousIdError ? `Use a longer prefix: one of the ${what} ids listed.` : null, flag ?? null);
  }
}

/**
 * The id of the row of `table` that `text` names: a full uuid as given (the request that uses it says
 * whether it exists), or a unique prefix of at least 4 hex characters, looked up with one read.
 */
export async function resolveRowId(ctx: Context, table: string, text: string, flag?: string): Promise<string> {
  const wanted = text.trim().toLowerCase();
  if (UUID.test(wanted)) return wanted;
  const range = prefixRange(wanted);
  // Not an id at all: matchIdPrefix names the expected form, and nothing is read.
  if (range === null) return matchOrRefuse(wanted, [], recordOf(table), flag);
  const rows = await rowsWithPrefix<{ id: string }>(ctx, table, range, ['id']);
  return matchOrRefuse(wanted, rows.map((row) => row.id), recordOf(table), flag);
}

/**
 * The one row of a table with a name column that `text` names: by id or id prefix first, else by a
 * case-insensitive search of the name. Several matches: an exact name wins; else a question on a
 * terminal, and otherwise a usage error listing the candidates by short id.
 */
async function resolveNamed<Row extends Named>(ctx: Context, table: string, text: string, flag: string, columns: readonly string[]): Promise<Row> {
  const what = recordOf(table);
  const wanted = text.trim();
  if (wanted === '') throw UsageError.about(flag, () => `expected the ${what}'s name or id; got ''`);
  if (UUID.test(wanted.toLowerCase())) {
    const [row] = await read<Row>(ctx, table, query().eq('id', wanted.toLowerCase()).select(columns));
    if (!row) throw notFound((name) => `${name(flag)}: no ${what} has the id ${wanted}`, what, flag);
    return row;
  }
  const range = prefixRange(wanted);
  if (range !== null) {
    const byId = await rowsWithPrefix<Row>(ctx, table, range, columns);
    // A hex-looking word that is no id prefix (`Abbe`) may still be a name.
    if (byId.length > 0) {
      const id = matchOrRefuse(wanted, byId.map((row) => row.id), what, flag);
      return byId.find((row) => row.id === id)!;
    }
  }
  const me = await (await ctx.api()).userId();
  const byName = (column: string, text: string) => read<Row>(ctx, table, query().eq('therapist_id', me).ilike(column, text).select(columns).order('name').limit(CANDIDATES));
  // A client's name matches with case and accents ignored (`--client jurgen` is Jürgen), as `client search` does.
  const found = table === 'clients' ? await byFoldedName(wanted, byName) : await byName('name', wanted);
  const exact = found.filter((row) => foldForSearch(row.name) === foldForSearch(wanted));
  if (found.length === 1) return found[0]!;
  if (exact.length === 1) return exact[0]!;
  if (found.length === 0) throw notFound((name) => `${name(flag)}: no ${what} matches '${wanted}'`, what, flag);
  if (ctx.interactive) {
    const choices = found.map((row) => ({ name: nameWithId(row), value: row }));
    return ctx.prompt.select(`Which ${what} do you mean by '${wanted}'?`, choices, { flag });
  }
  const candidates = found.map((row) => `  ${shortId(row.id)}  ${row.name}`).join('\n');
  throw UsageError.about(flag, () => `'${wanted}' matches ${found.length} ${what}s:\n${candidates}`, (name) => `Pass ${name(flag)} with one of the ids, or more of the name.`);
}

/** `--client "Ann"`, an id or an id prefix -> the client's id and name. */
export async function resolveClient(ctx: Context, text: string, flag = '--client'): Promise<Pick<Client, 'id' | 'name'>> {
  const { id, name } = await resolveNamed<Pick<Client, 'id' | 'name'>>(ctx, 'clients', text, flag, ['id', 'name']);
  return { id, name };
}

/** `--service "Swedish 60"`, an id or an id prefix -> the service's id, name, duration and buffer in minutes. */
export async function resolveService(ctx: Context, text: string, flag = '--service'): Promise<Pick<Service, 'id' | 'name' | 'duration' | 'buffer_minutes'>> {
  const { id, name, duration, buffer_minutes } = await resolveNamed<Pick<Service, 'id' | 'name' | 'duration' | 'buffer_minutes'>>(ctx, 'service_menu', text, flag, ['id', 'name', 'duration', 'buffer_minutes']);
  return { id, name, duration, buffer_minutes };
}
