// `practice hours closures [--all]`: the time off ahead (or every closure), earliest first.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Closure } from '../../model/closure.js';
import { dateTimeIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { CLOSURE_COLUMNS, CLOSURE_FIELDS } from './closure-columns.js';

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

/** The closures that end after now on the practice's clock; all of them with `all`. */
export async function readClosures(ctx: Context, all = false): Promise<Closure[]> {
  const api = await ctx.api();
  const filter = query<Closure>().eq('therapist_id', await api.userId()).order('starts_at').order('id');
  if (!all) filter.gt('ends_at', dateTimeIn(ctx.now(), await practiceTimeZone(ctx)).replace(' ', 'T'));
  return readRows<Closure>(api, 'closures', filter);
}

async function runClosures(options: ClosuresOptions, ctx: Context): Promise<void> {
  await ctx.out.rows(await readClosures(ctx, options.all), CLOSURE_COLUMNS, options, options.all ? 'No time off.' : 'No time off ahead.');
}
