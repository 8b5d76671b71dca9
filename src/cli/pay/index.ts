// `practice pay`: the ledger of money received and given back. Entries are never edited or deleted:
// a mistake is corrected by a refund or void naming the payment.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { reverseCommand } from './reverse.js';

export function payCommand(ctx: Context): Command {
  return new Command('pay')
    .addHelpText('before', `Examples:\n  $ practice pay add --client ann --amount 85 --method card\n  $ practice pay list --client ann\n  $ practice pay refund 3f2a9c1b --amount 20\n  $ practice pay void 3f2a9c1b\n`)
    .addCommand(addCommand(ctx))
    .addCommand(listCommand(ctx))
    .addCommand(reverseCommand(ctx, 'refund'))
    .addCommand(reverseCommand(ctx, 'void'));
}
