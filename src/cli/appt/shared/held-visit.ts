// Changing a held visit (a completed appointment) in what it was held as: its day, times, service or
// price. While a signed note records the visit the service refuses it (migration 7), so it is
// refused here first, naming the note to amend (exit 1, nothing sent); without one it is a concern,
// asked on a terminal and needing --yes elsewhere, as undoing a completion does.
import type { Appointment } from '../../../model/records.js';
import { shortId } from '../../../model/short-id.js';
import type { Context } from '../../context.js';
import { CommandError } from '../../errors.js';
import { amendHint } from '../../shared/note-text.js';
import type { Concern } from './concerns.js';
import { clock, describe } from './appointment.js';
import { signedNotes } from './undo-completion.js';

/** What a change may set of the terms a visit was held on. */
export type HeldTerms = Partial<Pick<Appointment, 'date' | 'start_time' | 'end_time' | 'service_id' | 'price'>>;

const WORDS: Record<keyof HeldTerms, string> = { date: 'day', start_time: 'start', end_time: 'end', service_id: 'service', price: 'price' };

const sameTerm = (field: keyof HeldTerms, next: unknown, held: unknown) =>
  field === 'start_time' || field === 'end_time' ? clock(String(next)) === clock(String(held)) : next === held;

/** `day, start and end`: the terms `changes` would change of `visit`. */
function changedTerms(visit: Appointment, changes: HeldTerms): string | null {
  const fields = (Object.keys(WORDS) as Array<keyof HeldTerms>).filter((field) => changes[field] !== undefined && !sameTerm(field, changes[field], visit[field]));
  const words = fields.map((field) => WORDS[field]);
  return words.length === 0 ? null : words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Null unless `changes` alter a completed `visit`; refused (exit 1) while a signed note records it. */
export async function heldVisitConcern(ctx: Context, visit: Appointment, changes: HeldTerms): Promise<Concern | null> {
  if (visit.status !== 'completed') return null;
  const terms = changedTerms(visit, changes);
  if (terms === null) return null;
  const [note] = await signedNotes(await ctx.api(), visit);
  if (note) throw new CommandError(`${describe(visit)} is a held visit: signed note ${shortId(note.id)} records it, so its ${terms} stay as held.`, amendHint(note.id));
  return { label: 'a held visit', warning: `${describe(visit)} was held: changing its ${terms} changes the record of the visit and the revenue it counts in.` };
}
