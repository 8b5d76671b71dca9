// `practice server backup`: a consistent snapshot of the embedded database (DESIGN.md section 2),
// from the running server (GET /admin/v1/backup with the data dir's service key) or, when none
// runs, from the data dir itself. The file is PGlite's gzipped tar of its data files, its members
// named relative to the data dir (relative-members.ts); the JWT secret stays in the data dir
// (src/server/snapshot.ts).
import { Command } from 'commander';
import { ConnectionError, DEFAULT_TIMEOUTS, HttpTransport, type HttpResponse } from '../../core/http.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { addEncryptOptions, checkEncryptOptions, type EncryptOptions, sealerFor } from '../shared/encrypted-copies.js';
import { emit, fileStamp } from '../shared/write-file.js';
import { dataDirOf, dataDirOption } from './shared.js';

// Snapshots of a large practice take a while; the connect timeout still catches a hung service.
const BACKUP_TIMEOUT_MS = 10 * 60_000;

interface BackupOptions extends EncryptOptions {
  output: string;
  dataDir?: string;
}

export function backupCommand(ctx: Context): Command {
  const command = new Command('backup')
    .description('Write a consistent snapshot of the embedded database to a file, running or not')
    .requiredOption('-o, --output <file>', 'the file to write (mode 0600), a directory for a time-stamped name, or - for stdout')
    .addOption(dataDirOption())
    .addHelpText('before', `Examples:
  $ practice server backup --output ~/backups/
  $ practice server backup --output - | gzip -t && echo ok
  $ practice server restore ~/backups/practice-2026-11-22T214005Z.tar.gz   # after \`practice server stop\`
  $ practice server backup --encrypt --passphrase-file ~/.practice-passphrase --output /mnt/offsite/
`)
    .action((options: BackupOptions) => runBackup(options, ctx));
  return addEncryptOptions(command);
}

async function runBackup(options: BackupOptions, ctx: Context): Promise<void> {
  if (options.output === '-' && ctx.io.stdout.isTTY) throw new UsageError('--output -: the backup is binary; send it to a file or a pipe, not the terminal.');
  checkEncryptOptions(options);
  const dataDir = dataDirOf(options, ctx);
  const { readServerState } = await import('../../local-service/server-state.js');
  const running = await readServerState(dataDir);
  if (running?.store === 'postgres') {
    throw new CommandError(`The service on ${dataDir} keeps its data in a PostgreSQL server, not in the data dir.`, 'Back that database up with pg_dump.');
  }
  // Keys and passphrase first: the running server records a backup in the trail when it hands one out.
  const seal = options.encrypt ? await sealerFor(ctx, options) : null;
  const snapshot = await relative(running?.url ? await fromRunningServer(running.url, dataDir, ctx) : await fromStoppedDataDir(dataDir));
  const content = seal ? await seal(snapshot, false) : snapshot;
  const fileName = () => `practice-${fileStamp(ctx.now())}.tar.gz${options.encrypt ? '.age' : ''}`;
  await emit(ctx, content, { output: options.output, fileName, replaceInDirectory: false },
    `${options.encrypt ? 'an encrypted' : 'a'} backup of ${dataDir} (${megabytes(content.length)})`);
}

async function fromRunningServer(url: string, dataDir: string, ctx: Context): Promise<Buffer> {
  const { loadServiceKeys } = await import('../../local-service/keys.js');
  const { serviceKey } = await loadServiceKeys(dataDir, ctx.env);
  const transport = new HttpTransport({ ...DEFAULT_TIMEOUTS, requestMs: BACKUP_TIMEOUT_MS });
  let response: HttpResponse;
  try {
    response = await transport.send({ method: 'GET', url: new URL(`${url}/admin/v1/backup`), headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
  } catch (err) {
    if (!(err instanceof ConnectionError)) throw err;
    // The whole snapshot is read before anything is written, so a failure here leaves no file.
    throw new CommandError(
      `The practice service stopped answering during the backup; nothing was written. ${err.message}`,
      'Run `practice server backup` again once the service is running again, or once it has stopped: then the backup reads the data dir itself (`practice server status` says which).',
    );
  }
  if (response.status !== 200) {
    throw new CommandError(`The practice service refused the backup (HTTP ${response.status}): ${reasonOf(response.body)}.`);
  }
  return response.body;
}

/** The message of the service's JSON error body, whatever else answered. */
function reasonOf(body: Buffer): string {
  try {
    return (JSON.parse(body.toString('utf8')) as { message?: string } | null)?.message ?? 'no reason given';
  } catch {
    return 'no reason given';
  }
}

async function fromStoppedDataDir(dataDir: string): Promise<Buffer> {
  const { snapshotStoppedDataDir } = await import('../../server/snapshot.js');
  const { DataDirLockedError } = await import('../../local-service/server-state.js');
  try {
    return await snapshotStoppedDataDir(dataDir);
  } catch (err) {
    // The lock is held by a server still starting (it has no URL to ask yet).
    if (err instanceof DataDirLockedError) throw new CommandError(err.message, 'It is still starting: try again in a moment.');
    throw new CommandError(`Could not back up ${dataDir}: ${(err as Error).message}`);
  }
}

/** The snapshot with its members relative (relative-members.ts), whichever server or version took it. */
async function relative(snapshot: Buffer): Promise<Buffer> {
  const { withRelativeMembers } = await import('./relative-members.js');
  try {
    return await withRelativeMembers(snapshot);
  } catch (err) {
    throw new CommandError(`The snapshot is not a gzipped tar as PGlite writes one (${(err as Error).message}); nothing was written.`);
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
