// A note as the service holds it: the one read that fetches a note named by id or id prefix (show,
// amend, update), and what the CLI says when the service refuses to change or delete a signed one.
import { query } from '../../core/query-builder.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { resolveRowId } from '../shared/resolve.js';

export const NOT_FOUND_HINT = 'See `practice note list --client <client>`.';

/** The note `text` names (a uuid or a unique prefix); a failure when there is none. */
export async function fetchNote(ctx: Context, text: string): Promise<SessionNote> {
  const id = await resolveRowId(ctx, 'sessions', text, 'note');
  const [note] = await (await ctx.api()).select<SessionNote>('sessions', query<SessionNote>().eq('id', id));
  if (!note) throw new CommandError(`Note ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  return note;
}

/** How to correct a signed note, which the service keeps as it is. */
export const amendHint = (id: string) => `A signed note is final; correct it with \`practice note amend ${shortId(id)}\`.`;

/** `write` to note `id`; the service's 409 for a signed note (PT409, a trigger) comes with the hint to amend it. */
export function unlessSigned<T>(id: string, write: Promise<T>): Promise<T> {
  return hintOnRefusal(write, { status: 409, code: 'PT409' }, amendHint(id));
}
