// The delete of a record named by its id or an id prefix (a note, an expense): asked first, or --yes
// (confirm.ts), then one DELETE by id; the row as it was, or a failure when it is gone already.
import { query } from '../../core/query.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { confirmation } from './confirm.js';
import { resolveRowId } from './resolve.js';

export interface RowDeletion<Row> {
  table: string;
  /** The record as the question and the messages name it, and the argument's label: `note`, `expense`. */
  what: string;
  /** Where to look for ids, when the row is gone already. */
  hint: string;
  /** Sends the DELETE; a command wraps it to explain the service's refusals. */
  send?: (id: string, request: Promise<Row[]>) => Promise<Row[]>;
}

export async function deleteRowById<Row>(ctx: Context, yes: boolean | undefined, text: string, deletion: RowDeletion<Row>): Promise<Row> {
  const { table, what, hint, send = (_id, request) => request } = deletion;
  const ask = confirmation(ctx, yes, `Deleting ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`);
  const id = await resolveRowId(ctx, table, text, what);
  await ask(`Delete ${what} ${shortId(id)}? This cannot be undone.`);
  // The tables differ in their rows, so the filter is built untyped and the rows read as the caller's.
  const request = (await ctx.api()).remove(table, query().eq('id', id)) as Promise<unknown> as Promise<Row[]>;
  const [deleted] = await send(id, request);
  if (!deleted) throw new CommandError(`${what[0]!.toUpperCase()}${what.slice(1)} ${shortId(id)} was not found.`, hint);
  return deleted;
}
