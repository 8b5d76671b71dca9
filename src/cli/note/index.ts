// `practice note`: SOAP session notes. Each verb is a file of its own; registering one is one line here.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { amendCommand } from './amend.js';
import { deleteCommand } from './delete.js';
import { listCommand } from './list.js';
import { missingCommand } from './missing.js';
import { showCommand } from './show.js';
import { signCommand } from './sign.js';
import { updateCommand } from './update.js';

export function noteCommand(ctx: Context): Command {
  return new Command('note')
    .addHelpText('before', `Examples:\n  $ practice note add --client ann -S "Tight shoulders" -P "Two weeks"\n  $ practice note list --client ann\n  $ practice note update 3f2a9c1b -P "Two weeks, then monthly"\n  $ practice note sign 3f2a9c1b\n`)
    .addCommand(listCommand(ctx))
    .addCommand(showCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(deleteCommand(ctx))
    .addCommand(signCommand(ctx))
    .addCommand(amendCommand(ctx))
    .addCommand(missingCommand(ctx));
}
