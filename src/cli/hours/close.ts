// `practice hours close <when> [--reason text]`: time off, a day, a range of days or part of a day,
// whatever the weekly hours say (a closures row, migration 10). Bookings inside it are listed and
// offered for cancelling (cli/shared/offer-cancel.ts), so their clients hear of it from `practice remind`.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import { type Closure, closedSpan, parseClosureWords } from '../../model/closure.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { type ConfirmOptions } from '../shared/confirm.js';
import { dayOption, parseFlag } from '../shared/input.js';
import { reportCreated } from '../shared/report.js';
import { bookedIn } from '../shared/booked-in.js';
import { cancelBookedOption, type CancelBookedOptions, offerToCancel } from '../shared/offer-cancel.js';
import { CLOSURE_COLUMNS, CLOSURE_FIELDS, describeClosure } from './time-off.js';

interface CloseOptions extends ConfirmOptions, CancelBookedOptions {
  reason?: string;
}

const REASON_MAX = 200;

export function closeCommand(ctx: Context): Command {
  const command = new Command('close')
    .description('Close the practice for a day, some days or part of a day (time off); prints the new id')
    .argument('<when...>', 'a day (2026-12-24, fri), a range (2026-12-24..2026-12-26) or part of a day (2026-12-31 13:00-17:00)')
    .option('--reason <text>', 'why, shown by hours show and appt week: holidays, training')
    .addOption(cancelBookedOption())
    .addHelpText('before', `Examples:
  $ practice hours close 2026-12-24..2026-12-26 --reason holidays
  $ practice hours close 2026-12-31 13:00-17:00 --reason "new year's eve"
  $ practice hours close fri --reason training --cancel-booked
  $ practice hours close +1w..+2w --json id,starts_at,ends_at
`)
    .action((words: string[], options: CloseOptions) => runClose(words.join(' '), options, ctx));
  return addOutputFlags(command, CLOSURE_FIELDS);
}

async function runClose(text: string, options: CloseOptions, ctx: Context): Promise<void> {
  const words = parseFlag('<when>', () => parseClosureWords(text));
  const [from, to] = [await dayOption(ctx, '<when>', words.from), await dayOption(ctx, '<when>', words.to)];
  const span = parseFlag('<when>', () => closedSpan(from, to, words.hours));
  const reason = options.reason?.trim();
  if (reason !== undefined && (reason === '' || reason.length > REASON_MAX)) throw new UsageError(`--reason: expected a few words, up to ${REASON_MAX} characters`);

  const api = await ctx.api();
  // Run twice (a tired person, a cron line), the same time off is one closure: the re-run rule.
  const [same] = await api.select<Closure>('closures', query<Closure>().eq('starts_at', span.starts_at).eq('ends_at', span.ends_at).limit(1));
  if (same) {
    if (!options.json && !options.format) ctx.out.print(same.id);
    ctx.out.note(`Already closed ${describeClosure(same)}; nothing changed.`);
    if (options.json || options.format) await ctx.out.record(same, CLOSURE_COLUMNS, options);
  } else {
    const [closure] = await api.insert<Closure>('closures', { id: crypto.randomUUID(), ...span, reason: reason ?? null });
    await reportCreated(ctx, `Closed ${describeClosure(closure!)}.`, closure!, CLOSURE_COLUMNS, options);
  }
  await offerToCancel(ctx, await bookedIn(api, span), 'Booked inside the time off', options);
}
