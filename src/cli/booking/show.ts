// `practice booking [show]`: the practice's booking page: its address, what it offers, when, the
// consent version and how many intake questions it asks.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { COLUMNS, fetchPage, FIELDS, shownPage } from './shared.js';

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .description('Show the booking page: address, services, notice, horizon, hold, consent and questions')
    .addHelpText('before', `Examples:
  $ practice booking
  $ practice booking show --json slug,enabled,address
`)
    .action(async (options: RowOptions) => {
      const page = await shownPage(ctx, await fetchPage(ctx));
      await ctx.out.record(page, COLUMNS, options);
    });
  return addOutputFlags(command, FIELDS);
}
