// `practice client export <client> --output DIR`: everything the practice holds about one client, for
// a request under HIPAA 164.524 or GDPR Art. 15/20: the client record, appointments, notes with their
// amendments, messages, reminders, and the audit rows about them, as one JSON file, a CSV per table
// and a short README, in a new folder (0700, files 0600). The export is itself recorded in the audit.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
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

/** Each part of the record: its file name and the table it is read from. */
const PARTS = [
  { name: 'appointments', table: 'appointments' },
  { name: 'notes', table: 'sessions' },
  { name: 'messages', table: 'conversation_log' },
  { name: 'reminders', table: 'reminders' },
  { name: 'audit', table: 'audit_log' },
] as const;

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
  return `Record of ${String(client.name)} (client ${String(client.id)}), exported ${exportedAt}.

record.json      everything below in one file
client.csv       the client record: name, contact details, notes about the client
appointments.csv each appointment (${counts.appointments})
notes.csv        each session note (${counts.notes}); a correction of a signed note is a note of its own naming it in amends_id
messages.csv     the conversation log (${counts.messages})
reminders.csv    reminders sent or planned (${counts.reminders})
audit.csv        who created, changed or read these records, when and through what (${counts.audit})

Times are UTC unless a column is a local date or time of day. Values that are lists or objects
(the audit's changes) are JSON text in the CSV files. Asked for under HIPAA 45 CFR 164.524 or GDPR
Articles 15 and 20; this export is itself recorded in the practice's audit trail.
`;
}

async function runExport(text: string, options: ExportOptions, ctx: Context): Promise<void> {
  const folder = options.output;
  const { id } = await resolveClient(ctx, text, '<client>');
  const api = await ctx.api();
  const [client] = await readAll<Row>(api, 'clients', undefined, (q) => q.eq('id', id));
  const parts: Record<string, Row[]> = {};
  for (const part of PARTS) parts[part.name] = await readAll<Row>(api, part.table, undefined, (q) => q.eq('client_id', id));
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`--output: ${folder} exists already.`, 'Name a new folder: the export never mixes with other files.');
    throw unwritable(folder, err as NodeJS.ErrnoException);
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
}
