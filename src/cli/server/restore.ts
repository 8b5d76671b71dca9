// `practice server restore <file>`: makes a snapshot written by `practice server backup` the
// database of a data dir no server runs on. The database it replaces is moved aside, not deleted.
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import type { Context } from '../context.js';
import { CommandError, failureOf, UsageError } from '../errors.js';
import { confirmation, yesOption } from '../shared/confirm.js';
import { addDecryptOptions, type DecryptOptions, decryptCopy, isAgeEncrypted } from '../shared/encrypted-copies.js';
import { dataDirOf, dataDirOption } from './shared.js';

interface RestoreOptions extends DecryptOptions {
  dataDir?: string;
  yes?: boolean;
}

// A gzip stream starts with these two bytes: enough to refuse a wrong file before anything moves.
const GZIP_MAGIC = [0x1f, 0x8b];

export function restoreCommand(ctx: Context): Command {
  const command = new Command('restore')
    .description('Make a backup the database of a stopped data dir (the current one is kept aside)')
    .argument('<file>', 'a file written by `practice server backup`')
    .addOption(dataDirOption())
    .addOption(yesOption('replace an existing database without asking (needed when not at a terminal)'))
    .addHelpText('before', `Examples:
  $ practice server stop && practice server restore ~/backups/practice-2026-11-22T214005Z.tar.gz
  $ practice server restore backup.tar.gz --data-dir /srv/practice --yes
  $ practice server restore practice-2026-11-22T214005Z.tar.gz.age --passphrase-file ~/.practice-passphrase
`)
    .action((file: string, options: RestoreOptions) => runRestore(file, options, ctx));
  return addDecryptOptions(command);
}

async function runRestore(file: string, options: RestoreOptions, ctx: Context): Promise<void> {
  const dataDir = dataDirOf(options, ctx);
  const stored = await readFile(file).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`<file>: cannot read ${file} (${err.code ?? err.message}).`);
  });
  // Decrypted before anything moves: a wrong passphrase leaves the data dir as it was.
  const snapshot = isAgeEncrypted(stored) ? Buffer.from(await decryptCopy(ctx, options, stored, file)) : stored;
  if (snapshot.length < 2 || snapshot[0] !== GZIP_MAGIC[0] || snapshot[1] !== GZIP_MAGIC[1]) {
    throw new UsageError(`<file>: ${file} is not a backup written by \`practice server backup\` (not gzip data).`);
  }
  const { readServerState, DataDirLockedError } = await import('../../local-service/server-state.js');
  const running = await readServerState(dataDir);
  if (running) throw new CommandError(`A practice server (pid ${running.pid}) is running on ${dataDir}.`, 'Stop it first: `practice server stop`.');
  const { ensureDataDir } = await import('../../local-service/data-dir.js');
  const { restoreSnapshot } = await import('../../server/snapshot.js');
  await ensureDataDir(dataDir);
  let keptAside: string | null;
  try {
    // Only replacing a database needs a yes (asked under the server lock, so the answer is about
    // the database that is there); filling an empty data dir loses nothing.
    keptAside = await restoreSnapshot(dataDir, snapshot, ctx.now(), () =>
      confirmation(ctx, options.yes, 'Replacing a database')(`Make ${file} the database of ${dataDir}? The current database is kept aside.`));
  } catch (err) {
    if (failureOf(err)) throw err;
    if (err instanceof DataDirLockedError) throw new CommandError(err.message, 'Stop it first: `practice server stop`.');
    throw new CommandError(`Could not restore ${file}: ${(err as Error).message}`, 'The data dir is as it was before.');
  }
  ctx.out.success(`Restored ${file} into ${dataDir}.${keptAside ? ` The database it replaced is in ${keptAside}.` : ''}`);
}
