// `practice import FILE`: loads a backup written by `practice export` into the active practice. Checks
// the whole file first, asks which of its ids the practice has, then sends the rest in bulk; ids are
// kept, so running it again adds nothing and sends nothing. It prints, per table, the records in the
// file and how many were new: labelled lines, or --json/--format rows `{table, in_file, new}`.
import { Command } from 'commander';
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { counted } from '../../core/counted.js';
import { alignColumns } from '../../core/display-width.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { type Backup, type ImportStep, importOrder, readBackup, trailHead } from '../../formats/backup.js';
import { ModelError } from '../../model/errors.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { Progress } from '../shared/import-progress.js';
import { batchSize, type SendStep, sendSteps } from '../shared/import-send.js';
import { recordAuditEvent } from '../shared/audit-event.js';
import { readAll } from '../shared/read-all.js';
import { addDecryptOptions, type DecryptOptions, readTextCopy } from '../shared/encrypted-copies.js';

interface ImportOptions extends RowOptions, DecryptOptions {
  dryRun?: boolean;
  batchSize: number;
}

/** One table's count: records in the file, and those the practice did not have (added, or with --dry-run would be). */
interface TableCount {
  table: string;
  in_file: number;
  new: number;
}

const FIELDS = ['table', 'in_file', 'new'];
const COLUMNS: Column<TableCount>[] = [{ key: 'table' }, { key: 'in_file', header: 'IN FILE' }, { key: 'new', header: 'NEW' }];

export function importCommand(ctx: Context): Command {
  const command = addDecryptOptions(new Command('import')
    .description('Load a backup written by `practice export` into the practice; safe to run again')
    .addHelpText('before', `Examples:
  $ practice import practice-export.json --dry-run
  $ practice import practice-export.json --dry-run --json
  $ practice import practice-export.json
  $ gunzip -c backup.json.gz | practice import -
  $ practice export -p old | practice import - -p new
`)
    .argument('<file>', 'the backup file ("-" reads stdin)')
    .option('-n, --dry-run', 'check the file and show how many records are new, without sending any')
    .option('--batch-size <rows>', 'records per request at most', batchSize, 1000)
    .addHelpText('after', `
Records keep their ids: one that the practice already has is skipped, so an import that was
interrupted can simply be run again. Writes are paced to stay under the server's write limit.`)
    .action((file: string, options: ImportOptions) => runImport(file, options, ctx)));
  return addOutputFlags(command, FIELDS);
}

export async function runImport(file: string, options: ImportOptions, ctx: Context): Promise<void> {
  const backup = parseBackup(await readTextCopy(ctx, file, options));
  const steps = importOrder(backup);
  const api = await ctx.api();
  api.sendAs('import');
  const fresh = await newRows(api, steps);
  const inFile = steps.reduce((sum, step) => sum + step.rows.length, 0);
  if (options.dryRun) {
    const counts = steps.map((step, index) => ({ table: step.table, in_file: step.rows.length, new: fresh[index]!.rows.length }));
    const added = counts.reduce((sum, count) => sum + count.new, 0);
    await printCounts(ctx, counts, options);
    ctx.out.note(`${counted(added, 'new record')} would be imported; ${counted(inFile - added, 'is', 'are')} already there. Nothing was sent.`);
    return;
  }
  const progress = new Progress(ctx.io.stderr, fresh.reduce((sum, step) => sum + step.rows.length, 0));
  const note = (line: string) => ctx.out.note(line);
  const results = await sendSteps(api, fresh, { batchSize: options.batchSize, progress, note, now: ctx.now });
  progress.clear();
  const added = results.reduce((sum, result) => sum + result.added, 0);
  // The file's trail is not written into this practice's chain (no request may); its head is, with
  // the import. An import that added nothing changed nothing, and spends no write on saying so.
  if (added > 0) await recordAuditEvent(api, { action: 'import', table_name: '*', detail: { source: backup.source.url, exported_at: backup.exported_at, added, trail: trailHead(backup.audit_trail) } })
    .catch((err: unknown) => {
      // A service from before migration 19 takes no import event: the records are in, say so.
      if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 404)) throw err;
      ctx.out.warn(`The import was not recorded in the audit trail: the service does not take it (${err.message}).`);
    });
  // The results are of the new rows sent, table by table in the steps' order: the file's counts come from the steps.
  if (options.json || options.format) await printCounts(ctx, steps.map((step, index) => ({ table: step.table, in_file: step.rows.length, new: results[index]!.added })), options);
  ctx.out.success(`Imported ${counted(added, 'new record')}; ${counted(inFile - added, 'was', 'were')} already there.`);
}

/** The counts as rows for --json/--format, else one labelled line a table: `clients  12 in the file, 3 new`. */
async function printCounts(ctx: Context, counts: readonly TableCount[], options: RowOptions): Promise<void> {
  if (options.json || options.format) return ctx.out.rows(counts, COLUMNS, options);
  ctx.out.print(alignColumns(counts.map((count) => [count.table, `${count.in_file} in the file,`, `${count.new} new`])).map((line) => line.trimEnd()).join('\n'));
}

function parseBackup(text: string): Backup {
  try {
    return readBackup(text);
  } catch (error) {
    if (error instanceof ModelError) throw new UsageError(`The file is ${error.message}`);
    throw error;
  }
}

/**
 * Per table, the records whose id the practice does not have yet. Reading the ids costs less than
 * sending rows that are there: the service checks every row it is sent, even one it then skips.
 */
async function newRows(api: ApiClient, steps: readonly ImportStep[]): Promise<SendStep[]> {
  const fresh: SendStep[] = [];
  for (const step of steps) {
    if (step.rows.length === 0) {
      fresh.push(step);
      continue;
    }
    const existing = new Set((await readAll<{ id: string }>(api, step.table, ['id'])).map((row) => row.id));
    fresh.push({ ...step, rows: step.rows.filter((row) => !existing.has(row.id)) });
  }
  return fresh;
}
