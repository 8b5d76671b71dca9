// `practice audit verify`: whether the practice's audit trail is whole. The database recomputes
// each row's SHA-256 from its fields and the row before it (the view audit_chain_breaks, migration
// 15); the first row that does not fit is named and the command exits 1.
import { Command } from 'commander';
import { counted } from '../../core/counted.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { CommandError, SilentExit } from '../errors.js';
import type { AuditEntry } from './shared.js';

type VerifyOptions = RowOptions;

interface VerifyResult {
  intact: boolean;
  rows: number;
  head: string | null;
  first_break: ChainBreak | null;
}

/** The result as one CSV row or NDJSON line (--format): the first break told as its row and problem. */
const RESULT_COLUMNS: Column<VerifyResult>[] = [
  { key: 'intact', format: String },
  { key: 'rows', format: String },
  { key: 'head', format: (head) => (head as string | null) ?? '' },
  { key: 'first_break', format: (found) => (found === null ? '' : `row ${(found as ChainBreak).id}: ${(found as ChainBreak).problem}`) },
];

interface ChainBreak {
  therapist_id: string;
  id: number;
  at: string;
  table_name: string;
  action: string;
  problem: string;
}

const RESULT_FIELDS = ['intact', 'rows', 'head', 'first_break'];

export function verifyCommand(ctx: Context): Command {
  const command = new Command('verify')
    .description("Check the audit trail's hash chain; name the first row that does not fit")
    .addHelpText('before', `Examples:
  $ practice audit verify
  $ practice audit verify --json
`)
    .addHelpText('after', `
The last line names the chain's head (the newest row's hash): keep it somewhere else, and a later
verify whose chain still leads to it shows nothing was rewritten since.
Exit codes: 0 intact, 1 a row does not fit (or another failure), 4 not signed in.`)
    .action((options: VerifyOptions) => runVerify(options, ctx));
  return addOutputFlags(command, RESULT_FIELDS);
}

async function runVerify(options: VerifyOptions, ctx: Context): Promise<void> {
  const api = await ctx.api();
  const me = await api.userId();
  const [breaks, heads] = await Promise.all([
    api.select<ChainBreak>('audit_chain_breaks', query<ChainBreak>().eq('therapist_id', me).order('id').limit(1)),
    api.select<AuditEntry>('audit_log', query<AuditEntry>().select(['id', 'hash']).eq('therapist_id', me).order('id', 'desc').limit(1)),
  ]);
  const first = breaks[0] ?? null;
  const head = heads[0] ?? null;
  const result: VerifyResult = { intact: first === null, rows: head?.id ?? 0, head: head?.hash ?? null, first_break: first };
  if (options.json || options.format) {
    await ctx.out.record(result, RESULT_COLUMNS, options);
    if (first) throw new SilentExit(1);
    return;
  }
  if (first) {
    throw new CommandError(`The audit trail does not verify: row ${first.id} (${first.action} on ${first.table_name} at ${first.at}): ${first.problem}.`,
      'Rows were changed or removed behind the service\'s back (only the database owner can): restore the trail from a backup and find out who had owner access.');
  }
  ctx.out.print(result.rows === 0 ? 'The audit trail is empty.' : `The audit trail's ${counted(result.rows, 'row')} ${result.rows === 1 ? 'verifies' : 'verify'}.`);
  if (head) ctx.out.print(`Head: row ${head.id} ${head.hash}`);
}
