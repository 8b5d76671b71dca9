// `practice hours`: the practice's weekly opening hours (business_hours), shown as a week and set a
// day at a time, and its time off (closures): closed, listed, reopened.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { closeCommand } from './close.js';
import { closuresCommand } from './closures.js';
import { reopenCommand } from './reopen.js';
import { setCommand } from './set.js';
import { showCommand } from './show.js';

export function hoursCommand(ctx: Context): Command {
  return new Command('hours')
    .addHelpText('before', `Examples:\n  $ practice hours show\n  $ practice hours set monday 09:00-12:00,13:00-17:00\n  $ practice hours set sunday closed\n  $ practice hours close 2026-12-24..2026-12-26 --reason holidays\n  $ practice hours closures\n`)
    .addCommand(showCommand(ctx)).addCommand(setCommand(ctx))
    .addCommand(closeCommand(ctx)).addCommand(closuresCommand(ctx)).addCommand(reopenCommand(ctx));
}
