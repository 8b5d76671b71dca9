// `practice audit`: the trail the database keeps of every change to the practice's records and
// every read of its clinical notes (migration 15, docs/audit.md): listed without a window, and
// its hash chain verified.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { listCommand } from './list.js';
import { verifyCommand } from './verify.js';

export function auditCommand(ctx: Context): Command {
  return new Command('audit')
    .addHelpText('before', `Examples:
  $ practice audit --client ann --table sessions
  $ practice audit --via mcp --since -7d --json
  $ practice audit verify
`)
    .addCommand(listCommand(ctx), { isDefault: true })
    .addCommand(verifyCommand(ctx));
}
