// `practice expense`: what the practice spends (expenses), logged one at a time and listed by date
// with a total.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';

export function expenseCommand(ctx: Context): Command {
  return new Command('expense')
    .addHelpText('before', `Examples:\n  $ practice expense add --amount 42.50 --category linens --vendor "Linen Co"\n  $ practice expense list --from 2026-11-01 --to 2026-11-30\n`).addCommand(addCommand(ctx)).addCommand(listCommand(ctx));
}
