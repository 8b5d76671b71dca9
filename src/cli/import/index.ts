// `practice import FILE`: loads a backup written by `practice export` into the active practice. Checks
// the whole file first, asks which of its ids the practice has, then sends the rest in bulk; ids are
// kept, so running it again adds nothing and sends nothing.
import { Command } from 'commander';
import type { ApiClient } from '../../core/api-client.js';
import type { Column } from '../../core/output.js';
import { type Backup, type ImportStep, importOrder, readBackup } from '../../formats/backup.js';
import { ModelError } from '../../model/errors.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { Progress } from '../shared/import-progress.js';
import { batchSize, type SendStep, sendSteps, type TableResult } from '../shared/import-send.js';
import { readAll } from '../shared/read-all.js';
import { addDecryptOptions, type DecryptOptions, readTextCopy } from '../shared/encrypted-copies.js';

interface ImportOptions extends DecryptOptions {
  dryRun?: boolean;
  batchSize: number;
}

const COLUMNS: Column<TableResult>[] = [{ key: 'table' }, { key: 'rows', header: 'IN FILE' }, { key: 'added', header: 'NEW' }];

export function importCommand(ctx: Context): Command {
  return addDecryptOptions(new Command('import')
    .description('Load a backup written by `practice export` into the practice; safe to run again')
    .addHelpText('before', `Examples:
  $ practice import practice-export.json --dry-run
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
}

export async function runImport(file: string, options: ImportOptions, ctx: Context): Promise<void> {
  const backup = parseBackup(await readTextCopy(ctx, file, options));
  const steps = importOrder(backup);
  const api = await ctx.api();
  api.sendAs('import');
  const fresh = await newRows(api, steps);
  if (options.dryRun) {
    await ctx.out.rows(steps.map((step, index) => ({ table: step.table, rows: step.rows.length, added: fresh[index]!.rows.length })), COLUMNS);
    return;
  }
  const progress = new Progress(ctx.io.stderr, fresh.reduce((sum, step) => sum + step.rows.length, 0));
  const note = (line: string) => ctx.out.note(line);
  const results = await sendSteps(api, fresh, { batchSize: options.batchSize, progress, note, now: ctx.now });
  progress.clear();
  const rows = steps.reduce((sum, step) => sum + step.rows.length, 0);
  const added = results.reduce((sum, result) => sum + result.added, 0);
  ctx.out.success(`Imported ${added} new records; ${rows - added} were already there.`);
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
