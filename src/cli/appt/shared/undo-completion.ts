// Undoing a completion (`appt confirm` of a completed appointment): it stops counting as a visit, so
// it is asked first, and refused while a signed note records the visit (DESIGN.md section 3).
import type { ApiClient } from '../../../core/api-client.js';
import { ApiError } from '../../../core/api-error.js';
import { query } from '../../../core/query-builder.js';
import type { Appointment, SessionNote } from '../../../model/records.js';
import { shortId } from '../../../model/short-id.js';
import type { Context } from '../../context.js';
import { CommandError } from '../../errors.js';
import { confirmation } from '../../shared/confirm.js';
import { amendHint } from '../../shared/note-text.js';
import { describe } from './appointment.js';

/** The signed notes (amendments included) that refer to `appointment`. */
export const signedNotes = (api: ApiClient, appointment: Appointment) =>
  api.select<SessionNote>('sessions', query<SessionNote>().eq('appointment_id', appointment.id).not.is('signed_at', null).select(['id']));

/** Refused (exit 1) when a signed note refers to `appointment`; else asked, or refused without `yes` (exit 2). Sends nothing. */
export async function confirmUndo(ctx: Context, yes: boolean | undefined, appointment: Appointment): Promise<void> {
  const [note] = await signedNotes(await ctx.api(), appointment);
  if (note) throw new CommandError(`${describe(appointment)} stays completed: signed note ${shortId(note.id)} records the visit.`, amendHint(note.id));
  const ask = confirmation(ctx, yes, 'Undoing a completion');
  await ask(`Undo the completion of ${describe(appointment)}? It no longer counts as a visit.`);
}

/** The `write` of an undo or a held visit's change; the service's own refusal for a signed note (a note signed meanwhile) names the note to amend. */
export async function unlessSignedNote<T>(ctx: Context, appointment: Appointment, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409 && err.code === 'PT409' && /signed note/i.test(err.message))) throw err;
    const [note] = await signedNotes(await ctx.api(), appointment);
    throw new ApiError(err.status, err.code, err.message, err.details, note ? amendHint(note.id) : 'A signed note is final; correct it with `practice note amend <note>`.');
  }
}
