// `practice hours closures [--all]`: the time off ahead (or every closure), earliest first.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { CLOSURE_COLUMNS, CLOSURE_FIELDS, readClosures } from './time-off.js';

interface ClosuresOptions extends RowOptions {
  all?: boolean;
}

export function closuresCommand(ctx: Context): Command {
  const command = new Command('closures')
    .description('List the time off ahead, earliest first (--all: past closures too)')
    .option('--all', 'past closures too')
    .addHelpText('before', `Examples:
  $ practice hours closures
  $ practice hours closures --all --format csv
`)
    .action((options: ClosuresOptions) => runClosures(options, ctx));
  return addOutputFlags(command, CLOSURE_FIELDS);
}

async function runClosures(options: ClosuresOptions, ctx: Context): Promise<void> {
  await ctx.out.rows(await readClosures(ctx, options.all), CLOSURE_COLUMNS, options, options.all ? 'No time off.' : 'No time off ahead.');
}
