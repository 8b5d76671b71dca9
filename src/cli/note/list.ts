// `practice note list --client <c>`: a client's notes, newest first (INTERFACE.md "Sessions: List");
// --json fields become `select=` so only they are fetched.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query.js';
import type { SessionNote } from '../../model/records.js';
import type { Context } from '../context.js';
import { countOption } from '../shared/input.js';
import { resolveClient } from '../shared/resolve.js';
import { NOTE_COLUMNS, NOTE_FIELDS } from './columns.js';

interface ListOptions extends RowOptions {
  client: string;
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description("List a client's notes, newest first")
    .requiredOption('--client <client>', 'name, id or id prefix')
    .option('--limit <rows>', 'at most this many notes')
    .addHelpText('before', `Examples:
  $ practice note list --client "Ann Lee"
  $ practice note list --client 3f2a9c1b --limit 5 --json id,plan,signed_at
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, NOTE_FIELDS);
}

export async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);
  const client = await resolveClient(ctx, options.client);
  const request = query<SessionNote>().eq('client_id', client.id).order('created_at', 'desc');
  if (limit !== undefined) request.limit(limit);
  const fields = requestedFields(options);
  if (fields) request.select(fields as (keyof SessionNote & string)[]);
  const notes = await (await ctx.api()).select('sessions', request);
  await ctx.out.rows(notes, NOTE_COLUMNS, options, `No notes for ${client.name}.`);
}
