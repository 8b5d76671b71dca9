// `practice client`: the people the practice sees. Each verb is a file of its own; registering one
// is one line here.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { archiveCommand } from './archive.js';
import { deleteCommand } from './delete.js';
import { eraseCommand } from './erase.js';
import { exportCommand } from './export.js';
import { importCommand } from './import.js';
import { listCommand } from './list.js';
import { searchCommand } from './search.js';
import { showCommand } from './show.js';
import { updateCommand } from './update.js';

export function clientCommand(ctx: Context): Command {
  return new Command('client')
    .addHelpText('before', `Examples:\n  $ practice client search ann\n  $ practice client add --name "Ann Lee" --phone 555-0100\n  $ practice client show ann\n`)
    .addCommand(listCommand(ctx))
    .addCommand(searchCommand(ctx))
    .addCommand(showCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(archiveCommand(ctx))
    .addCommand(deleteCommand(ctx))
    .addCommand(eraseCommand(ctx))
    .addCommand(importCommand(ctx))
    .addCommand(exportCommand(ctx));
}
