// `practice hours reopen <closure>`: takes time off back, named by its id (or id prefix) or by a day it
// closes; the weekly hours apply again. A day that several closures touch reopens them all.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import { type Closure, closedPartOf } from '../../model/closure.js';
import { InvalidInputError } from '../../model/errors.js';
import { resolveDay } from '../../model/when.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import type { ConfirmOptions } from '../shared/confirm.js';
import { practiceTimeZone } from '../shared/input.js';
import { reportChangedRows } from '../shared/report.js';
import { resolveRowId } from '../shared/resolve.js';
import { countOf } from '../../model/count.js';
import { CLOSURE_COLUMNS, CLOSURE_FIELDS, describeClosure, readClosures } from './time-off.js';

export function reopenCommand(ctx: Context): Command {
  const command = new Command('reopen')
    .description('Take time off back: a closure by id, or every closure of a day')
    .argument('<closure>', 'the closure id (or a prefix: see `hours closures`), or a day it closes (2026-12-24, fri)')
    .addHelpText('before', `Examples:
  $ practice hours reopen 2026-12-24
  $ practice hours reopen 3f2a9c1b --json
`)
    .action((text: string, options: ConfirmOptions) => runReopen(text, options, ctx));
  return addOutputFlags(command, CLOSURE_FIELDS);
}

async function runReopen(text: string, options: ConfirmOptions, ctx: Context): Promise<void> {
  const ids = await closureIds(ctx, text);
  const removed = ids.length === 0 ? [] : await (await ctx.api()).remove<Closure>('closures', query<Closure>().in('id', ids));
  if (removed.length === 0) throw new CommandError(`No time off matches '${text}'.`, 'See `practice hours closures` for what is closed.');
  await reportChangedRows(ctx, `Reopened ${removed.length === 1 ? describeClosure(removed[0]!) : `${countOf(removed.length, 'closure')}: ${removed.map(describeClosure).join('; ')}`}.`, removed, CLOSURE_COLUMNS, options);
}

/** A day (any word `resolveDay` reads) names the closures touching it; anything else is an id or prefix. */
async function closureIds(ctx: Context, text: string): Promise<string[]> {
  let day: string | null = null;
  try {
    day = resolveDay(text, ctx.now(), await practiceTimeZone(ctx));
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    return [await resolveRowId(ctx, 'closures', text, '<closure>')];
  }
  return (await readClosures(ctx, true)).filter((closure) => closedPartOf(closure, day) !== null).map((closure) => closure.id);
}
