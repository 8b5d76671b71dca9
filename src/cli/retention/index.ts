// `practice retention`: the retention periods at work (the periods themselves are `practice
// settings`); `purge` deletes what has passed them.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { purgeCommand } from './purge.js';

export function retentionCommand(ctx: Context): Command {
  return new Command('retention')
    .addHelpText('before', `Examples:
  $ practice retention purge
  $ practice retention purge --yes
`)
    .addCommand(purgeCommand(ctx));
}
