// The delete of one record, asked first, or --yes (confirm.ts): one DELETE by id, the row as it was,
// or a failure when it is gone already. A record named by its id or an id prefix (a note, an expense)
// needs only its table and name; the others say how their argument is resolved (writeConfirmed).
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { writeConfirmed } from './confirm.js';
import { resolveRowId } from './resolve.js';

/** DELETE <table>?id=eq.<id>; the rows it removed. */
export function removeById<Row>(api: ApiClient, table: string, id: string): Promise<Row[]> {
  // The tables differ in their rows, so the filter is built untyped and the rows read as the caller's.
  return api.remove(table, query().eq('id', id)) as Promise<unknown> as Promise<Row[]>;
}

export interface RowDeletion<Row> {
  table: string;
  /** The record as the question and the messages name it, and the argument's label: `note`, `expense`. */
  what: string;
  /** Where to look for ids, when the row is gone already. */
  hint: string;
  /** Sends the DELETE; a command wraps it to explain the service's refusals. */
  send?: (id: string, request: Promise<Row[]>) => Promise<Row[]>;
}

export function deleteRowById<Row>(ctx: Context, yes: boolean | undefined, text: string, deletion: RowDeletion<Row>): Promise<Row> {
  const { table, what, hint, send = (_id, request) => request } = deletion;
  return writeConfirmed<{ id: string }, Row>(ctx, yes, text, {
    action: `Deleting ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`,
    resolve: async (ctx, text) => ({ id: await resolveRowId(ctx, table, text, what) }),
    question: ({ id }) => `Delete ${what} ${shortId(id)}? This cannot be undone.`,
    send: (api, id) => send(id, removeById<Row>(api, table, id)),
    notFound: ({ id }) => `${what[0]!.toUpperCase()}${what.slice(1)} ${shortId(id)} was not found.`,
    hint,
  });
}
