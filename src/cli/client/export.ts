// `practice client export <client> --output DIR`: everything the practice holds about one client, for
// a request under HIPAA 164.524 or GDPR Art. 15/20: the client record, appointments, notes with their
// amendments, messages, reminders, payments, packages, invoices and credit notes, and the audit rows
// about them, as one JSON file, a CSV per table and a short README, in a new folder (0700, files
// 0600). The folder is made before anything is read, so a name taken is refused with nothing read
// (or recorded as read), and it is removed again if the export fails. The export is itself recorded
// in the audit.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { ApiError } from '../../core/api-error.js';
import { addOutputFlags } from '../../core/output-flags.js';
import { toCsv, type CsvValue } from '../../formats/csv.js';
import { writeFileAtomically } from '../../fs/atomic-files.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { recordAuditEvent } from '../shared/audit-event.js';
import { readAll } from '../shared/read-all.js';
import { resolveClient } from '../shared/resolve.js';
import { unwritable } from '../shared/write-file.js';

interface ExportOptions {
  output: string;
  json?: true | string[];
}

type Row = Record<string, unknown>;

/**
 * Each part of the record: its file name, the table it is read from, and what the README says of it.
 * The audit comes last, so that it holds the rows recording this export's own reads.
 */
const PARTS = [
  { name: 'appointments', table: 'appointments', about: 'each appointment' },
  { name: 'notes', table: 'sessions', about: 'each session note; a correction of a signed note is a note of its own naming it in amends_id' },
  { name: 'messages', table: 'conversation_log', about: 'the conversation log' },
  { name: 'reminders', table: 'reminders', about: 'reminders sent or planned' },
  { name: 'payments', table: 'payments', about: 'payments, refunds and voids (the ledger)' },
  { name: 'packages', table: 'packages', about: 'packages of visits sold' },
  { name: 'invoices', table: 'invoices', about: 'invoices and credit notes issued (kind), with their lines' },
  { name: 'audit', table: 'audit_log', about: 'who created, changed or read these records, when and through what' },
] as const;

// PostgREST's "no such table": a backend whose schema predates payments (16) or invoices (17) holds none.
const NO_SUCH_TABLE = 'PGRST205';

const RESULT_FIELDS = ['client_id', 'folder', 'files', 'rows'];

export function exportCommand(ctx: Context): Command {
  const command = new Command('export')
    .description("Write everything about one client to a new folder: JSON, a CSV per table and a README (a client's request for their record)")
    .argument('<client>', 'the client: a name, an id or an id prefix')
    .requiredOption('-o, --output <dir>', 'a folder that does not exist yet (it is created, mode 0700)')
    .addHelpText('before', `Examples:
  $ practice client export ann --output ann-lee-record
  $ practice client export 3f2a9c1b --output /secure/requests/2026-11-27-ann --json
`)
    .addHelpText('after', '\nExit codes: 0 written, 1 failure (nothing recorded), 2 bad input or the folder exists, 4 not signed in.')
    .action((client: string, options: ExportOptions) => runExport(client, options, ctx));
  return addOutputFlags(command, RESULT_FIELDS);
}

const csvValue = (value: unknown): CsvValue =>
  value === null || value === undefined || typeof value !== 'object' ? (value as CsvValue) : JSON.stringify(value);

function csvOf(rows: readonly Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return toCsv(columns, rows.map((row) => Object.fromEntries(columns.map((column) => [column, csvValue(row[column])]))));
}

function readme(client: Row, counts: Record<string, number>, exportedAt: string): string {
  const lines = PARTS.map((part) => `${`${part.name}.csv`.padEnd(17)}${part.about} (${counts[part.name]})`);
  return `Record of ${String(client.name)} (client ${String(client.id)}), exported ${exportedAt}.

record.json      everything below in one file
client.csv       the client record: name, contact details, notes about the client
${lines.join('\n')}

Times are UTC unless a column is a local date or time of day. Values that are lists or objects
(the audit's changes, an invoice's lines) are JSON text in the CSV files. Asked for under HIPAA 45 CFR
164.524 or GDPR Articles 15 and 20; this export is itself recorded in the practice's audit trail.
`;
}

async function runExport(text: string, options: ExportOptions, ctx: Context): Promise<void> {
  const folder = options.output;
  const { id } = await resolveClient(ctx, text, '<client>');
  const api = await ctx.api();
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`--output: ${folder} exists already.`, 'Name a new folder: the export never mixes with other files.');
    throw unwritable(folder, err as NodeJS.ErrnoException);
  }
  try {
    const [client] = await readAll<Row>(api, 'clients', undefined, (q) => q.eq('id', id));
    const parts: Record<string, Row[]> = {};
    for (const part of PARTS) {
      parts[part.name] = await readAll<Row>(api, part.table, undefined, (q) => q.eq('client_id', id)).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === NO_SUCH_TABLE) return [];
        throw err;
      });
    }
    const exportedAt = ctx.now().toISOString();
    const counts = Object.fromEntries(PARTS.map((part) => [part.name, parts[part.name]!.length]));
    const files: Record<string, string> = {
      'record.json': `${JSON.stringify({ exported_at: exportedAt, client, ...parts }, null, 2)}\n`,
      'client.csv': csvOf([client!]),
      ...Object.fromEntries(PARTS.map((part) => [`${part.name}.csv`, csvOf(parts[part.name]!)])),
      'README.txt': readme(client!, counts, exportedAt),
    };
    for (const [name, content] of Object.entries(files)) {
      try {
        await writeFileAtomically(join(folder, name), content);
      } catch (err) {
        throw unwritable(join(folder, name), err as NodeJS.ErrnoException);
      }
    }
    await recordAuditEvent(api, { action: 'export', table_name: 'clients', client_id: id, detail: { rows: counts, to: 'client record' } });
    const result = { client_id: id, folder, files: Object.keys(files), rows: counts };
    if (options.json) ctx.out.json(result);
    else ctx.out.success(`Wrote the record of ${String(client!.name)} to ${folder}: ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')}.`);
  } catch (err) {
    // The folder is this export's own: a record not recorded as exported is not left behind.
    await rm(folder, { recursive: true, force: true });
    throw err;
  }
}
