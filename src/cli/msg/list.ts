// `practice msg list --client <c>`: a client's conversation log, newest first, exactly as INTERFACE.md
// lists it: GET conversation_log?client_id=eq.<id>&order=created_at.desc&limit=<n>, in Range pages past
// the service's row cap.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Message } from '../../model/records.js';
import type { Context } from '../context.js';
import { countOption, practiceTimeZone } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { resolveClient } from '../shared/resolve.js';
import { FIELDS, messageColumns } from './shared.js';

export interface ListOptions extends RowOptions {
  client: string;
  limit: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description("Show a client's conversation log, newest first")
    .requiredOption('--client <client>', 'the client: name, id or id prefix')
    .option('--limit <messages>', 'at most this many messages (the newest)', '20')
    .addHelpText('before', `Examples:
  $ practice msg list --client "Ann Lee"
  $ practice msg list --client 3f2a --limit 100 --json created_at,role,message
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const limit = countOption('--limit', options.limit, 1);
  const client = await resolveClient(ctx, options.client);
  const request = query<Message>().eq('client_id', client.id).order('created_at', 'desc');
  const fields = requestedFields(options) as (keyof Message & string)[] | null;
  if (fields) request.select(fields);
  const messages = await readRows<Message>(await ctx.api(), 'conversation_log', request, limit);
  await ctx.out.rows(messages, messageColumns(await practiceTimeZone(ctx)), options, `No messages with ${client.name}.`);
}
