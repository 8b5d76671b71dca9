// `practice server`: the embedded practice service (DESIGN.md section 2).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { backupCommand } from './backup.js';
import { restoreCommand } from './restore.js';
import { schemaCommand } from './schema.js';
import { startCommand } from './start.js';
import { statusCommand } from './status.js';
import { stopCommand } from './stop.js';
import { tokenCommand } from './token.js';

export function serverCommand(ctx: Context): Command {
  return new Command('server')
    .addHelpText('before', `Examples:\n  $ practice server start\n  $ practice server status --json\n  $ practice server stop\n  $ practice server backup --output ~/backups/\n`)
    .description('Run the embedded practice service (PGlite by default, or a PostgreSQL server)')
    .addCommand(startCommand(ctx))
    .addCommand(stopCommand(ctx))
    .addCommand(statusCommand(ctx))
    .addCommand(tokenCommand(ctx))
    .addCommand(backupCommand(ctx))
    .addCommand(restoreCommand(ctx))
    .addCommand(schemaCommand(ctx));
}
