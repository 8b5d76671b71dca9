// `practice hours`: the practice's weekly opening hours (business_hours), shown as a week and set a
// day at a time.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { setCommand } from './set.js';
import { showCommand } from './show.js';

export function hoursCommand(ctx: Context): Command {
  return new Command('hours')
    .addHelpText('before', `Examples:\n  $ practice hours show\n  $ practice hours set monday 09:00-12:00,13:00-17:00\n  $ practice hours set sunday closed\n`).addCommand(showCommand(ctx)).addCommand(setCommand(ctx));
}
