// `practice appt unresolved [--before D]`: the end of the day. Appointments that are over and still
// scheduled or confirmed, oldest first; exit 1 while there are any (as `note missing`), so a cron
// line can nag until each is completed, marked a no-show or cancelled.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { countOf } from '../../model/count.js';
import type { Context } from '../context.js';
import { ExitCode, SilentExit } from '../errors.js';
import { COLUMNS, FIELDS } from './shared/appointment.js';
import { beforeMoment, readUnresolved } from './shared/unresolved-read.js';

interface UnresolvedOptions extends RowOptions {
  before?: string;
}

export function unresolvedCommand(ctx: Context): Command {
  const command = new Command('unresolved')
    .description('Appointments that are over but still scheduled or confirmed; exit 1 when any')
    .option('--before <day>', 'only those on days before this one: today, yesterday, 2026-11-23 (default: every one over by now)')
    .addHelpText('before', `Examples:
  $ practice appt unresolved
  $ practice appt unresolved --before today --json id,date,client_name
  $ practice appt complete --all-unresolved --before today
  # crontab: every evening at 20:00, a mail while any visit of the day is unresolved
  0 20 * * * practice appt unresolved || echo "close the day: practice appt unresolved" | mail -s practice me
`)
    .addHelpText('after', `
Exit codes: 0 none, 1 some (listed), 2 a bad flag, as \`practice note missing\`.`)
    .action((options: UnresolvedOptions) => runUnresolved(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runUnresolved(options: UnresolvedOptions, ctx: Context): Promise<void> {
  const before = await beforeMoment(ctx, options.before);
  const rows = await readUnresolved(ctx, before);
  await ctx.out.rows(rows, COLUMNS, options, `No unresolved appointments before ${before.replace('T', ' ')}.`);
  if (rows.length === 0) return;
  if (!options.json && !options.format) ctx.out.note(`${countOf(rows.length, 'appointment')} still open: \`practice appt complete|no-show|cancel <id>\`.`);
  throw new SilentExit(ExitCode.failure);
}
