// `practice report clients`: new, returning and lapsed clients, each with last visit, visits and
// revenue; `--lapsed 60d` lists only those not seen for that long and with nothing booked. The
// database's `clients_report` (migration 12), presented.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { parseAgeDays } from '../../reports/age.js';
import type { Context } from '../context.js';
import { parseFlag } from '../shared/input.js';
import { addPeriodFlags, type PeriodOptions, reportPeriod } from './period.js';

import { money, readReport } from './reads.js';

interface ClientRow {
  client_id: string;
  client: string;
  kind: 'new' | 'returning' | 'lapsed';
  first_visit: string;
  last_visit: string;
  visits: number;
  revenue: string;
  all_visits: number;
  all_revenue: string;
}

interface ClientsOptions extends PeriodOptions, RowOptions {
  lapsed?: string | true;
}

const DEFAULT_LAPSE = '60d';
const FIELDS = ['client_id', 'client', 'kind', 'first_visit', 'last_visit', 'visits', 'revenue', 'all_visits', 'all_revenue'];
const COLUMNS: Column<ClientRow>[] = [
  { key: 'client' }, { key: 'kind' }, { key: 'last_visit', header: 'LAST VISIT' }, { key: 'visits' }, { key: 'revenue' },
  { key: 'all_visits', header: 'ALL VISITS' }, { key: 'all_revenue', header: 'ALL REVENUE' },
];

export function clientsCommand(ctx: Context): Command {
  const command = new Command('clients')
    .description('New, returning and lapsed clients, with last visit, visits and revenue')
    .addHelpText('before', `Examples:
  $ practice report clients
  $ practice report clients --month last --json client,kind,visits,revenue
  $ practice report clients --lapsed 60d
  $ practice report clients --lapsed 8w --format csv > lapsed.csv
`)
    .option('--lapsed [age]', `only clients not seen for this long (days or weeks: 60d, 8w) with nothing booked (default: ${DEFAULT_LAPSE})`)
    .action((options: ClientsOptions) => runClients(options, ctx));
  addPeriodFlags(command, 'month');
  command.addHelpText('after', `
new: the first completed visit ever is in the period; returning: seen in the period and before it;
lapsed: not seen in the period, the last visit at least ${DEFAULT_LAPSE} (or --lapsed) before the period's end
or today, whichever is first, and nothing scheduled or confirmed from today on. visits and revenue are the
period's; all_visits and all_revenue count every visit up to the period's end.`);
  return addOutputFlags(command, FIELDS);
}

async function runClients(options: ClientsOptions, ctx: Context): Promise<void> {
  const lapse = typeof options.lapsed === 'string' ? options.lapsed : DEFAULT_LAPSE;
  const lapseDays = parseFlag('--lapsed', () => parseAgeDays(lapse));
  const { period, today } = await reportPeriod(ctx, options, 'month');
  const answer = await readReport<ClientRow>(ctx, 'clients_report', period, { today, lapse_days: lapseDays, lapsed_only: options.lapsed !== undefined });
  const rows = answer.map((row) => ({ ...row, revenue: money(row.revenue), all_revenue: money(row.all_revenue) }));
  await ctx.out.rows(rows, COLUMNS, options, options.lapsed !== undefined ? 'No lapsed clients.' : 'No clients in this period.');
}
