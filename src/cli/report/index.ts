// `practice report`: the month's numbers, answered by the database's report functions (migrations 12, 18)
// through /rest/v1/rpc, so a hosted backend gives the same answers. One verb a file; each presents.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { clientsCommand } from './clients.js';
import { pnlCommand } from './pnl.js';
import { receivablesCommand } from './receivables.js';
import { revenueCommand } from './revenue.js';
import { visitsCommand } from './visits.js';

export function reportCommand(ctx: Context): Command {
  return new Command('report')
    .addHelpText('before', `Examples:\n  $ practice report revenue --month last --by week\n  $ practice report pnl --year 2026 --format csv > pnl-2026.csv\n  $ practice report clients --lapsed 60d\n  $ practice report visits --year 2026 --by service\n  $ practice report receivables\n`)
    .addCommand(revenueCommand(ctx))
    .addCommand(pnlCommand(ctx))
    .addCommand(clientsCommand(ctx))
    .addCommand(visitsCommand(ctx))
    .addCommand(receivablesCommand(ctx));
}
