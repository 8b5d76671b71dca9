// `practice expense`: what the practice spends (expenses), logged one at a time, listed by date
// with a total, and corrected or deleted by id.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { deleteCommand } from './delete.js';
import { listCommand } from './list.js';
import { updateCommand } from './update.js';

export function expenseCommand(ctx: Context): Command {
  return new Command('expense')
    .addHelpText('before', `Examples:\n  $ practice expense add --amount 42.50 --category linens --vendor "Linen Co"\n  $ practice expense list --from 2026-11-01 --to 2026-11-30\n  $ practice expense update 3f2a9c1b --amount 45\n`)
    .addCommand(addCommand(ctx))
    .addCommand(listCommand(ctx))
    .addCommand(updateCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
