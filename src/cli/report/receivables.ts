// `practice report receivables`: what each client owes by how long it has been owed (0-30, 31-60,
// 61-90, over 90 days), payments settling the oldest charges first, the longest owed first; the
// totals go to stderr. The database's `receivables` (migration 18), presented.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { countOf } from '../../model/count.js';
import type { Context } from '../context.js';
import { readAnswer } from '../shared/answers.js';
import { dayOption } from '../shared/input.js';
import { COLLECTED_SCHEMA_VERSION } from './basis.js';
import { money, sumMoney } from './reads.js';

const AGES = ['days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
type Age = (typeof AGES)[number];

type Money = number | string;
type Answer = Record<Age, Money> & { client_id: string; client_name: string; owed: Money; oldest_unpaid: string };
type ReceivableRow = Record<Age, string> & { client_id: string; client_name: string; owed: string; oldest_unpaid: string };

interface ReceivablesOptions extends RowOptions {
  asOf: string;
}

const FIELDS = ['client_id', 'client_name', ...AGES, 'owed', 'oldest_unpaid'];
const COLUMNS: Column<ReceivableRow>[] = [
  { key: 'client_name', header: 'CLIENT' }, { key: 'days_0_30', header: '0-30' }, { key: 'days_31_60', header: '31-60' },
  { key: 'days_61_90', header: '61-90' }, { key: 'days_over_90', header: '90+' }, { key: 'owed' }, { key: 'oldest_unpaid', header: 'OLDEST UNPAID' },
];

export function receivablesCommand(ctx: Context): Command {
  const command = new Command('receivables')
    .description('What clients owe, by how long it has been owed: 0-30, 31-60, 61-90 and over 90 days')
    .addHelpText('before', `Examples:
  $ practice report receivables
  $ practice report receivables --as-of 2026-12-31 --format csv > receivables-2026.csv
  $ practice report receivables --json client_name,days_over_90
`)
    .option('--as-of <day>', 'age what is owed on this day', 'today')
    .action((options: ReceivablesOptions) => runReceivables(options, ctx));
  command.addHelpText('after', `
Billed is what \`practice balance\` bills (completed visits at their kept price, less those a package
covers, and package sales); payments settle the oldest charges first, so what is owed is the newest
part, each day's aged from that day. Clients owing nothing, or in credit, are not listed. The totals
go to stderr. Exit codes: 0 ok (listed or not), 1 failure, 2 invalid usage.`);
  return addOutputFlags(command, FIELDS);
}

async function runReceivables(options: ReceivablesOptions, ctx: Context): Promise<void> {
  const asOf = await dayOption(ctx, '--as-of', options.asOf);
  const answer = await readAnswer<Answer>(await ctx.api(), 'receivables', { as_of: asOf }, COLLECTED_SCHEMA_VERSION);
  const rows: ReceivableRow[] = answer.map((row) => ({
    client_id: row.client_id, client_name: row.client_name, days_0_30: money(row.days_0_30), days_31_60: money(row.days_31_60),
    days_61_90: money(row.days_61_90), days_over_90: money(row.days_over_90), owed: money(row.owed), oldest_unpaid: row.oldest_unpaid,
  }));
  await ctx.out.rows(rows, COLUMNS, options, `Nobody owes anything on ${asOf}.`);
  if (rows.length === 0) return;
  const total = (key: Age | 'owed') => sumMoney(rows.map((row) => row[key]));
  ctx.out.note(`${countOf(rows.length, 'client')} ${rows.length === 1 ? 'owes' : 'owe'} ${total('owed')} in all on ${asOf}: ${total('days_0_30')} 0-30 days, ${total('days_31_60')} 31-60, ${total('days_61_90')} 61-90, ${total('days_over_90')} over 90.`);
}
