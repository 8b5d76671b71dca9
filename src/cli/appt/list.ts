// `practice appt list`: the appointments of a day or a range, filtered by status and client (shared/listing.ts).
import { Command, Option } from 'commander';
import type { Context } from '../context.js';
import { addFilterFlags, type ListOptions, runList } from './shared/listing.js';

const DAY_FORMS = 'today, tomorrow, mon, +3d or 2026-11-23';

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List appointments: by day or range, status and client')
    .addHelpText('before', `Examples:
  $ practice appt list --date tomorrow
  $ practice appt list --date 2026-11-23 --status scheduled,confirmed
  $ practice appt list --from mon --to +6d --client "Ann" --json id,date,start_time
`)
    .addOption(new Option('--date <day>', `only this day: ${DAY_FORMS}`).conflicts(['from', 'to']))
    .option('--from <day>', 'from this day on (inclusive)')
    .option('--to <day>', 'up to this day (inclusive)')
    .action((options: ListOptions) => runList(options, ctx));
  return addFilterFlags(command);
}
