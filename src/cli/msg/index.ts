// `practice msg`: the conversation log with each client (conversation_log), read newest first and
// appended to; it is append-only, so there is no update or delete.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';

export function msgCommand(ctx: Context): Command {
  return new Command('msg')
    .addHelpText('before', `Examples:\n  $ practice msg list --client ann --limit 10\n  $ practice msg add --client ann --role therapist --message "See you Tuesday"\n`).addCommand(listCommand(ctx)).addCommand(addCommand(ctx));
}
