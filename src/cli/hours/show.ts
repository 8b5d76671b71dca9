// `practice hours show`: the week's opening hours, Monday to Sunday, from GET business_hours?
// therapist_id=eq.<me> (every row, paged like every list); a day without rows is closed.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { BusinessHours } from '../../model/records.js';
import type { Context } from '../context.js';
import { readRows } from '../shared/read-ranged.js';
import { DAY_COLUMNS, DAY_FIELDS, week } from './shared.js';

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .description('Show the opening hours of the week, Monday to Sunday')
    .addHelpText('before', `Examples:
  $ practice hours show
  $ practice hours show --json
`)
    .action((options: RowOptions) => runShow(options, ctx));
  // The rows are days built from the table's rows, so --json names their fields, not columns to select.
  return addOutputFlags(command, DAY_FIELDS);
}

async function runShow(options: RowOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const rows = await readRows<BusinessHours>(api, 'business_hours', query<BusinessHours>().eq('therapist_id', await api.userId()));
  await ctx.out.rows(week(rows), DAY_COLUMNS, options);
}
