// `practice retention purge`: what has passed its retention period (rpc/retention_purge, migration
// 19), per client and kind of record: listed (a dry run) unless --yes, then deleted, each client's
// purge recorded in the audit trail. --json/--format: one row per client and kind.
import { Command } from 'commander';
import { counted } from '../../core/counted.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { retentionPeriods } from '../shared/retention-periods.js';

type PurgeOptions = RowOptions & { yes?: boolean };

/** One kind of record of one client (none for expenses) whose period ended on kept_until. */
interface Due {
  records: string;
  client_id: string | null;
  count: number;
  kept_until: string;
}

const FIELDS = ['records', 'client_id', 'count', 'kept_until'];
const COLUMNS: Column<Due>[] = [
  { key: 'records' },
  { key: 'client_id', header: 'CLIENT', format: (id) => (id === null ? '' : shortId(id as string)) },
  { key: 'count' },
  { key: 'kept_until', header: 'KEPT UNTIL' },
];

export function purgeCommand(ctx: Context): Command {
  const command = new Command('purge')
    .description('Delete what has passed its retention period (a dry run unless --yes)')
    .option('-y, --yes', 'delete them; without it nothing is deleted')
    .addHelpText('before', `Examples:
  $ practice retention purge
  $ practice retention purge --json
  $ practice retention purge --yes
`)
    .addHelpText('after', `
A client's notes, appointments and messages go once clinical_retention_years have passed since
their last visit; their payments, packages and invoices once financial_retention_years have passed
since the last of them (an appointment a kept payment names stays with it); an expense once
financial_retention_years have passed since its date; an erased client once nothing is left.
The periods are \`practice settings\`. The audit trail is never purged.`)
    .action((options: PurgeOptions) => runPurge(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runPurge(options: PurgeOptions, ctx: Context): Promise<void> {
  const periods = await retentionPeriods(ctx);
  const api = await ctx.api();
  const due = (await api.request({ method: 'POST', path: '/rest/v1/rpc/retention_purge', body: { ...periods, apply: options.yes === true } })).json<Due[]>() ?? [];
  const basis = `clinical ${counted(periods.clinical_years, 'year')}, financial ${counted(periods.financial_years, 'year')}`;
  await ctx.out.rows(due, COLUMNS, options);
  if (options.json || options.format) return;
  // Said on any stream: an empty purge must not look like a silent one.
  if (due.length === 0) return ctx.out.note(`Nothing has passed its retention period (${basis}).`);
  const records = counted(due.reduce((sum, row) => sum + row.count, 0), 'record');
  if (options.yes) ctx.out.success(`Deleted ${records} past their retention period (${basis}); recorded in the audit trail.`);
  else ctx.out.note(`${records} past their retention period (${basis}); nothing was deleted. Run again with --yes to delete them.`);
}
