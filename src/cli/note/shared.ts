// What every note command shares about a note: the fields `--json` offers, the list columns, which
// flag sets which field, the one read that fetches a note named by id or id prefix (show, amend,
// update), and what the CLI says when the service refuses to change or delete a signed one.
import type { Column } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { SoapPart } from '../../model/record-values.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { wallClockAt } from '../../model/time-zone.js';
import { amendHint, noteSummary } from '../shared/note-text.js';
import { hintOnRefusal } from '../shared/refusal.js';
import { resolveRowId } from '../shared/resolve.js';

export const FIELDS = ['id', 'client_id', 'appointment_id', 'subjective', 'objective', 'assessment', 'plan', 'signed_at', 'amends_id', 'therapist_id', 'created_at', 'updated_at'];

/** The list columns, the days on the clock of `timeZone` (the practice's). */
export function noteColumns(timeZone: string): Column<SessionNote>[] {
  const day = (at: string | null) => (at ? wallClockAt(new Date(at), timeZone).date : '');
  return [
    { key: 'id', format: shortId },
    { key: 'created_at', header: 'WRITTEN', format: day },
    { key: 'signed_at', header: 'SIGNED', format: day },
    { key: 'amends_id', header: 'AMENDS', format: (id) => (id ? shortId(id) : '') },
    { key: 'subjective', header: 'SUMMARY', format: (_, note) => noteSummary(note) },
  ];
}

/** The columns of a note printed as CSV or JSON, where the stored values go out as they are. */
export const COLUMNS = noteColumns('UTC');

/** The flag of each part, for messages: a refused part is reported under what the user typed. */
export const SOAP_FLAGS: Record<SoapPart, string> = { subjective: '-S/--subjective', objective: '-O/--objective', assessment: '-A/--assessment', plan: '-P/--plan' };

/** Which flag sets which field of a new note (add, amend). */
export const FLAG_OF = { ...SOAP_FLAGS, client_id: '--client', appointment_id: '--appointment' };

export const NOT_FOUND_HINT = 'See `practice note list --client <client>`.';

/** The note `text` names (a uuid or a unique prefix); a failure when there is none. */
export async function fetchNote(ctx: Context, text: string): Promise<SessionNote> {
  const id = await resolveRowId(ctx, 'sessions', text, 'note');
  const [note] = await (await ctx.api()).select<SessionNote>('sessions', query<SessionNote>().eq('id', id));
  if (!note) throw new CommandError(`Note ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  return note;
}

/** `write` to note `id`; the service's 409 for a signed note (PT409, a trigger) comes with the hint to amend it. */
export function unlessSigned<T>(id: string, write: Promise<T>): Promise<T> {
  return hintOnRefusal(write, { status: 409, code: 'PT409' }, amendHint(id));
}
