// `practice expense`: what the practice spends (expenses), logged one at a time and listed by date
// with a total.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';

export function expenseCommand(ctx: Context): Command {
  return new Command('expense').addCommand(addCommand(ctx)).addCommand(listCommand(ctx));
}
