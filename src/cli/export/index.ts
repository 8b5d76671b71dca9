// `practice export`: every row of every table of the practice, in the backup format of docs/formats.md,
// to stdout or a file (written atomically), for backups and for moving a practice to another backend.
import { Command } from 'commander';
import { type AuditTrailRow, BACKUP_TABLES, type BackupInput, type BackupTable, trailHead, writeBackup } from '../../formats/backup.js';
import type { Context } from '../context.js';
import { recordAuditEvent } from '../shared/audit-event.js';
import { addEncryptOptions, checkEncryptOptions, type EncryptOptions, sealerFor } from '../shared/encrypted-copies.js';
import { readAll } from '../shared/read-all.js';
import { emit, fileStamp } from '../shared/write-file.js';

interface ExportOptions extends EncryptOptions {
  output?: string;
}

export function exportCommand(ctx: Context): Command {
  const command = new Command('export')
    .description('Write every record of the practice to a backup file (see `practice help formats`)')
    .addHelpText('before', `Examples:
  $ practice export --output backups/
  $ practice export --output practice.json
  $ practice export | gzip > practice-$(date +%F).json.gz
  $ practice export -p old --output move.json && practice import move.json -p new
  $ practice export --encrypt --output backups/            # asks for a passphrase; import asks for it again
  $ practice export --encrypt --recipient age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p > practice.json.age
`)
    .option('-o, --output <dir|file>', 'write to this file (mode 0600), or to a new dated file in this directory (default: stdout)')
    .action((options: ExportOptions) => runExport(options, ctx));
  return addEncryptOptions(command);
}

export async function runExport(options: ExportOptions, ctx: Context): Promise<void> {
  checkEncryptOptions(options);
  // Keys and passphrase first: a wrong one is refused before the practice is read (and its notes' reads recorded).
  const seal = options.encrypt ? await sealerFor(ctx, options) : null;
  const api = await ctx.api();
  const tables = {} as Record<BackupTable, unknown[]>;
  // One table after another: the read limit is per minute, and a practice is small.
  for (const table of BACKUP_TABLES) tables[table] = await readAll(api, table);
  // The trail travels with the records (docs/audit.md); this export's own event comes after it.
  const auditTrail = await readAll<AuditTrailRow>(api, 'audit_log');
  const now = ctx.now();
  const text = writeBackup({ tables: tables as BackupInput['tables'], sourceUrl: api.urls.rest, now, auditTrail });
  const rows = BACKUP_TABLES.reduce((sum, table) => sum + tables[table].length, 0);
  // Armored: an encrypted export is still text, for stdout and for `practice import -`.
  const content = seal ? await seal(text, true) : text;
  const fileName = () => `practice-export-${fileStamp(now)}.json${options.encrypt ? '.age' : ''}`;
  await emit(ctx, content, { output: options.output, fileName }, `${rows} records${options.encrypt ? ', encrypted' : ''}`);
  const counts = Object.fromEntries(BACKUP_TABLES.map((table) => [table, tables[table].length]));
  await recordAuditEvent(api, { action: 'export', table_name: '*', detail: { rows: counts, encrypted: options.encrypt === true, trail: trailHead(auditTrail) } });
}
