// `practice note list`: notes newest first (INTERFACE.md "Sessions: List"), of one client with --client
// or of every client, and only the unsigned ones with --unsigned, every one or the newest --limit, in
// Range pages past the service's row cap; --json fields become `select=`.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Client, SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { countOption, practiceTimeZone } from '../shared/input.js';
import { readByIds } from '../shared/read-by-ids.js';
import { readRows } from '../shared/read-ranged.js';
import { resolveClient } from '../shared/resolve.js';
import { COLUMNS, FIELDS, noteColumns } from './shared.js';

interface ListOptions extends RowOptions {
  client?: string;
  unsigned?: boolean;
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('List notes, newest first: of one client, or of every client')
    .option('--client <client>', 'only the notes of this client (name, id or id prefix)')
    .option('--unsigned', 'only notes not signed yet')
    .option('--limit <rows>', 'at most this many notes')
    .addHelpText('before', `Examples:
  $ practice note list --unsigned
  $ practice note list --client "Ann Lee"
  $ practice note list --client 3f2a9c1b --limit 5 --json id,plan,signed_at
`)
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);
  const client = options.client === undefined ? undefined : await resolveClient(ctx, options.client);
  const api = await ctx.api();
  const request = client ? query<SessionNote>().eq('client_id', client.id) : query<SessionNote>().eq('therapist_id', await api.userId());
  if (options.unsigned) request.is('signed_at', null);
  request.order('created_at', 'desc');
  const fields = requestedFields(options);
  if (fields) request.select(fields as (keyof SessionNote & string)[]);
  const notes = await readRows<SessionNote>(api, 'sessions', request, limit);
  const none = `No ${options.unsigned ? 'unsigned ' : ''}notes${client ? ` for ${client.name}` : ''}.`;
  if (options.json || options.format) return ctx.out.rows(notes, COLUMNS, options, none);
  const columns = noteColumns(await practiceTimeZone(ctx));
  await ctx.out.rows(notes, client ? columns : await withClientNames(ctx, notes, columns), options, none);
}

/** The note columns with the client's name second, for a list that spans clients. */
async function withClientNames(ctx: Context, notes: readonly SessionNote[], columns: Column<SessionNote>[]): Promise<Column<SessionNote>[]> {
  const clients = await readByIds<Client>(await ctx.api(), 'clients', 'id', notes.map((note) => note.client_id), (request) => request.select(['id', 'name']));
  const names = new Map(clients.map((found) => [found.id, found.name]));
  const [id, ...rest] = columns;
  return [id!, { key: 'client_id', header: 'CLIENT', format: (clientId) => names.get(clientId) ?? shortId(clientId) }, ...rest];
}
