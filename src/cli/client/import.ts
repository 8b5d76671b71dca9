// `practice client import FILE`: a client list from a spreadsheet or another system (CSV). Every row is
// checked first; a file with any problem gets a report and sends nothing. Each row's client has an id
// made from the row, so an import cut short between batches is completed by running it again, and
// running it twice adds nobody the second time.
import { Command } from 'commander';
import { counted } from '../../core/counted.js';
import { type ClientField, CLIENT_FIELDS } from '../../formats/client-import-fields.js';
import type { ImportProblem } from '../../formats/client-import.js';
import { parseCsv } from '../../formats/csv.js';
import { ModelError } from '../../model/errors.js';
import type { Client, ClientCreate } from '../../model/records.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { Progress } from '../shared/import-progress.js';
import { batchSize, sendSteps } from '../shared/import-send.js';
import { readAll } from '../shared/read-all.js';
import { readInput } from '../shared/read-input.js';
import { collect } from '../shared/repeatable.js';

interface ImportOptions {
  map: string[];
  dryRun?: boolean;
  batchSize: number;
}

export function importCommand(ctx: Context): Command {
  return new Command('import')
    .description('Add the clients of a CSV file (all of them, or none if any row has a problem)')
    .addHelpText('before', `Examples:
  $ practice client import clients.csv --dry-run
  $ practice client import clients.csv
  $ practice client import clients.csv --batch-size 500
  $ practice client import export.csv --map "Handy=phone" --map "Geburtstag="
`)
    .argument('<file>', 'a CSV file with a header line ("-" reads stdin)')
    .option('--map <header=field>', `read a column as this field (${CLIENT_FIELDS.join(', ')}), or as nothing when empty (repeatable)`, collect, [])
    .option('-n, --dry-run', 'check the file and say what would be imported, without sending it')
    .option('--batch-size <rows>', 'clients per request at most', batchSize, 1000)
    .addHelpText('after', `
Each client's id is made from its row, so an import that was interrupted can simply be run again:
the clients already there are skipped, and nobody is added twice. Accepted headers and every check
are described in \`practice help formats\`.`)
    .action((file: string, options: ImportOptions) => runImport(file, options, ctx));
}

function columnMap(entries: readonly string[]): Record<string, ClientField | null> {
  return Object.fromEntries(entries.map((entry) => {
    const [header = '', field = ''] = entry.split(/=(.*)/s);
    if (header.trim() === '' || (field !== '' && !(CLIENT_FIELDS as readonly string[]).includes(field))) {
      throw new UsageError(`--map: expected "Header=field" with a field of ${CLIENT_FIELDS.join(', ')}, or "Header=" to skip it; got '${entry}'`);
    }
    return [header.trim(), field === '' ? null : (field as ClientField)];
  }));
}

const place = ({ row, column }: ImportProblem) => [row === null ? null : `row ${row}`, column === null ? null : `column "${column}"`].filter(Boolean).join(', ') || 'file';

async function runImport(file: string, options: ImportOptions, ctx: Context): Promise<void> {
  const columns = columnMap(options.map);
  let records: string[][];
  try {
    records = parseCsv(await readInput(ctx, file));
  } catch (error) {
    if (error instanceof ModelError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  const api = await ctx.api();
  const existing = await readAll<Pick<Client, 'id' | 'email'>>(api, 'clients', ['id', 'email']);
  const { planClientImport } = await import('../../formats/client-import.js');
  const plan = planClientImport(records, { existing, columns, namespace: await api.userId() });
  if (plan.ignoredColumns.length > 0) ctx.out.note(`Ignored columns: ${plan.ignoredColumns.join(', ')}`);
  if (!plan.ok) {
    for (const problem of plan.problems) ctx.out.note(`${place(problem)}: ${problem.problem}`);
    throw new UsageError(`${counted(plan.problems.length, 'problem')} in ${file}; nothing was imported.`);
  }
  if (options.dryRun) {
    const ids = new Set(existing.map((client) => client.id));
    const already = plan.clients.filter((client) => ids.has(client.id!)).length;
    // A dry run did nothing, so it wears no check mark.
    ctx.out.note(`${counted(plan.clients.length - already, 'client')} would be imported; ${counted(already, 'is', 'are')} already there.`);
    return;
  }
  // A batch's rows must all have the same keys; the defaults are the service's own.
  const rows = plan.clients.map((client: ClientCreate) => ({
    id: client.id!, name: client.name, phone: client.phone ?? null, email: client.email ?? null, notes: client.notes ?? null,
    status: client.status ?? 'active', total_visits: client.total_visits ?? 0,
  }));
  const progress = new Progress(ctx.io.stderr, rows.length);
  const [result] = await sendSteps(api, [{ table: 'clients', rows }], { batchSize: options.batchSize, progress, note: (line) => ctx.out.note(line), now: ctx.now });
  progress.clear();
  ctx.out.success(`Imported ${counted(result!.added, 'new client')}; ${counted(rows.length - result!.added, 'was', 'were')} already there.`);
}
