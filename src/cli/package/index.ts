// `practice package`: prepaid visits. Completed visits of a package's service draw on the client's
// oldest open package and owe nothing; an expired or used-up package stops covering, and a visit
// cancelled or undone gives its place back, because the service derives all of it from the visits.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { listCommand } from './list.js';
import { sellCommand } from './sell.js';

export function packageCommand(ctx: Context): Command {
  return new Command('package')
    .addHelpText('before', `Examples:\n  $ practice package sell --client ann --service "Swedish 60" --visits 5 --price 400\n  $ practice package list --client ann\n`)
    .addCommand(sellCommand(ctx))
    .addCommand(listCommand(ctx));
}
