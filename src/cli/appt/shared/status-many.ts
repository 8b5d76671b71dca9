// `appt complete|no-show` of several appointments: named by ids, or every unresolved one
// (`--all-unresolved [--before D]`, the end of the day). Every one is read and checked first; one
// refused refuses them all (nothing sent); then one question for all of them, and a PATCH for each
// IDS_PER_REQUEST of them (a year of days never closed holds more than a thousand visits).
import type { ConfirmOptions } from '../../shared/confirm.js';
import type { RowOptions } from '../../../core/output.js';
import { query } from '../../../core/query-builder.js';
import { chunk } from '../../../formats/insert-batches.js';
import { countOf } from '../../../model/count.js';
import { statusWord } from '../../../model/appointment-status.js';
import type { Appointment } from '../../../model/records.js';
import type { Context } from '../../context.js';
import { CommandError, UsageError } from '../../errors.js';
import { confirmation } from '../../shared/confirm.js';
import { inOrderRead } from '../../shared/in-order-read.js';
import { IDS_PER_REQUEST } from '../../shared/read-by-ids.js';
import { reportChangedRows } from '../../shared/report.js';
import { type Concern, confirmConcerns, notStartedConcern } from './concerns.js';
import { COLUMNS, describe, fetchAppointment } from './appointment.js';
import { checkTransition, type StatusVerb } from './status-verbs.js';
import { beforeMoment, readUnresolved } from './unresolved-read.js';

export interface ManyOptions {
  allUnresolved?: boolean;
  before?: string;
}

export async function runStatusMany(ids: string[], verb: StatusVerb, options: ConfirmOptions & ManyOptions, ctx: Context): Promise<void> {
  if (options.allUnresolved && ids.length > 0) throw new UsageError((name) => `Give appointment ids or ${name('--all-unresolved')}, not both.`);
  if (!options.allUnresolved && options.before !== undefined) throw UsageError.about('--before', (name) => `goes with ${name('--all-unresolved')}.`);
  if (!options.allUnresolved && ids.length === 0) throw new UsageError((name) => `Name the appointments (ids or id prefixes), or pass ${name('--all-unresolved')}.`);
  if (!('many' in verb)) throw new UsageError(`appt ${verb.verb} takes one appointment.`);

  // With --all-unresolved the question is always put (it reaches rows nobody named): refused first.
  const ask = options.allUnresolved ? confirmation(ctx, options.yes, verb.many.action) : null;
  const named = options.allUnresolved
    ? await readUnresolved(ctx, await beforeMoment(ctx, options.before))
    : await Promise.all(ids.map((id) => fetchAppointment(ctx, id)));
  const targets = [...new Map(named.map((row) => [row.id, row])).values()];
  if (targets.length === 0) {
    ctx.out.note('No unresolved appointments; nothing changed.');
    return reportNothingChanged(ctx, options);
  }
  for (const row of targets.filter((row) => row.status === verb.status)) ctx.out.note(`Already ${statusWord(verb.status)}: ${describe(row)}.`);
  const changing = targets.filter((row) => row.status !== verb.status);
  const refused = changing.flatMap((row) => {
    try {
      checkTransition(row, verb);
      return [];
    } catch (err) {
      return [(err as Error).message];
    }
  });
  if (refused.length > 0) throw new CommandError(`Nothing changed; ${countOf(refused.length, 'appointment')} cannot be ${statusWord(verb.status)}:\n  ${refused.join('\n  ')}`);
  if (changing.length === 0) return reportNothingChanged(ctx, options);

  if (ask) {
    ctx.out.note(changing.map((row) => `  ${describe(row)}`).join('\n'));
    await ask(`${verb.many.verb} ${changing.length === 1 ? 'this appointment' : `these ${countOf(changing.length, 'appointment')}`}?`);
  } else {
    const early = (await Promise.all(changing.map((row) => notStartedConcern(ctx, row)))).filter((concern): concern is Concern => concern !== null);
    await confirmConcerns(ctx, options.yes, early, verb.early.action, `${verb.many.verb} them anyway?`);
  }
  const api = await ctx.api();
  const changed: Appointment[] = [];
  for (const part of chunk(changing, IDS_PER_REQUEST)) {
    try {
      // The status filter again: one changed since the read stays as it is now.
      changed.push(...await api.update<Appointment>('appointments',
        query<Appointment>().in('id', part.map((row) => row.id)).in('status', [...new Set(part.map((row) => row.status))]),
        { status: verb.status }));
    } catch (err) {
      // What the earlier parts changed stays changed: said before the failure, with how to finish.
      if (changed.length > 0) {
        ctx.out.note(`${verb.done}: ${countOf(changed.length, 'appointment')} of ${changing.length} before the failure below; the same command again changes the rest.`);
      }
      throw err;
    }
  }
  const listed = inOrderRead(changed, changing);
  await reportChangedRows(ctx, `${verb.done}: ${countOf(listed.length, 'appointment')}\n${listed.map((row) => `  ${describe(row)}`).join('\n')}`, listed, COLUMNS, options);
}

/** Nothing to change: a script asking for --json still reads the changed rows, an empty array. */
async function reportNothingChanged(ctx: Context, options: RowOptions): Promise<void> {
  if (options.json || options.format) await ctx.out.rows([], COLUMNS, options);
}
