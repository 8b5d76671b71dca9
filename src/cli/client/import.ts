// `practice client import FILE`: a client list from a spreadsheet or another system (CSV). Every row is
// checked first; a file with any problem gets a report and sends nothing, so nothing is half-imported.
import { Command } from 'commander';
import { chunk } from '../../formats/backup.js';
import { type ClientField, CLIENT_FIELDS, type ImportProblem, planClientImport } from '../../formats/client-import.js';
import { parseCsv } from '../../formats/csv.js';
import { ModelError } from '../../model/errors.js';
import type { ClientCreate } from '../../model/records.js';
import { BODY_LIMIT_BYTES, INSERT_ROWS_LIMIT } from '../../server/http/limits.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readAll } from '../export/read-all.js';
import { readInput } from '../import/read-input.js';

interface ImportOptions {
  map: string[];
  dryRun?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function importCommand(ctx: Context): Command {
  return new Command('import')
    .description('Add the clients of a CSV file (all of them, or none if any row has a problem)')
    .addHelpText('before', `Examples:
  $ practice client import clients.csv --dry-run
  $ practice client import clients.csv
  $ practice client import export.csv --map "Handy=phone" --map "Geburtstag="
`)
    .argument('<file>', 'a CSV file with a header line ("-" reads stdin)')
    .option('--map <header=field>', `read a column as this field (${CLIENT_FIELDS.join(', ')}), or as nothing when empty (repeatable)`, collect, [])
    .option('-n, --dry-run', 'check the file and say what would be imported, without sending it')
    .addHelpText('after', '\nAccepted headers and every check are described in `practice help formats`.')
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

export async function runImport(file: string, options: ImportOptions, ctx: Context): Promise<void> {
  const columns = columnMap(options.map);
  let records: string[][];
  try {
    records = parseCsv(await readInput(ctx, file));
  } catch (error) {
    if (error instanceof ModelError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  const api = await ctx.api();
  const existingEmails = (await readAll<{ email: string | null }>(api, 'clients', ['email'])).flatMap((client) => client.email ?? []);
  const plan = planClientImport(records, { existingEmails, columns });
  if (plan.ignoredColumns.length > 0) ctx.out.note(`Ignored columns: ${plan.ignoredColumns.join(', ')}`);
  if (!plan.ok) {
    for (const problem of plan.problems) ctx.out.note(`${place(problem)}: ${problem.problem}`);
    throw new UsageError(`${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'} in ${file}; nothing was imported.`);
  }
  if (options.dryRun) {
    ctx.out.success(`${plan.clients.length} clients would be imported.`);
    return;
  }
  // A batch's rows must all have the same keys; the defaults are the service's own.
  const rows = plan.clients.map((client: ClientCreate) => ({
    name: client.name, phone: client.phone ?? null, email: client.email ?? null, notes: client.notes ?? null,
    status: client.status ?? 'active', total_visits: client.total_visits ?? 0,
  }));
  // One request, one transaction, for any list up to the service's limits (5000 rows, 1 MiB): all or
  // nothing. A longer list goes in several, each whole.
  for (const batch of chunk(rows, INSERT_ROWS_LIMIT, { maxBytes: BODY_LIMIT_BYTES })) {
    await api.request({ method: 'POST', path: '/rest/v1/clients', body: batch, headers: { prefer: 'return=minimal' } });
  }
  ctx.out.success(`Imported ${rows.length} clients.`);
}
