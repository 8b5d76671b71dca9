// `practice profile`: the projects this CLI knows (URL, anon key, session, time zone) and which is in use.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { addCommand } from './add.js';
import { listCommand } from './list.js';
import { removeCommand } from './remove.js';
import { useCommand } from './use.js';

export function profileCommand(ctx: Context): Command {
  return new Command('profile')
    .addHelpText('before', `Examples:\n  $ practice profile list\n  $ practice profile add clinic --url https://abcd.supabase.co --anon-key "$ANON_KEY" --use\n  $ practice profile use local\n`)
    .addCommand(listCommand(ctx))
    .addCommand(useCommand(ctx))
    .addCommand(addCommand(ctx))
    .addCommand(removeCommand(ctx));
}
