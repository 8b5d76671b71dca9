// `practice client show <client>`: one client with their latest appointments and notes, read in one
// request through resource embedding (or, from a backend that refuses it, three in parallel);
// --json prints one object, the client's own fields (its `notes` too) with the related records under
// `appointments` and `session_notes`.
import { Command } from 'commander';
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { addJsonFlag } from '../../core/output-flags.js';
import { query } from '../../core/query-builder.js';
import { visibleText } from '../../core/visible-text.js';
import type { Appointment, Client, SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { countOption } from '../shared/input.js';
import { dayOf, noteSummary } from '../shared/note-text.js';
import { resolveClient } from '../shared/resolve.js';
import { FIELDS, NOT_FOUND_HINT } from './shared.js';

interface ShowOptions {
  json?: true | string[];
  recent: string;
}

/** What `client show --json` prints: the client's fields and, under keys of their own, the related records. */
const CLIENT_SHOW_FIELDS = [...FIELDS, 'appointments', 'session_notes'];

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .alias('view')
    .description('Show a client with their recent appointments and notes')
    .argument('<client>', 'name, id or id prefix')
    .option('--recent <count>', 'how many appointments and notes to show', '5')
    .addHelpText('before', `Examples:
  $ practice client show "Ann Lee"
  $ practice client show 3f2a9c1b --recent 10 --json
  $ practice client show ann --json name,phone,appointments
`)
    .action((client: string, options: ShowOptions) => runShow(client, options, ctx));
  return addJsonFlag(command, CLIENT_SHOW_FIELDS);
}

type ClientWithHistory = Client & { appointments: Appointment[]; session_notes: SessionNote[] };

/** The client with their latest appointments and notes in one request, as PostgREST embeds them. */
async function readEmbedded(api: ApiClient, id: string, recent: number): Promise<ClientWithHistory | undefined> {
  const search = [
    'select=*,appointments(*),session_notes:sessions(*)',
    query<Client>().eq('id', id).toString(),
    'appointments.order=date.desc,start_time.desc', `appointments.limit=${recent}`,
    'session_notes.order=created_at.desc', `session_notes.limit=${recent}`,
  ].join('&');
  const [client] = (await api.request({ method: 'GET', path: '/rest/v1/clients', query: search, idempotent: true })).json<ClientWithHistory[]>();
  return client;
}

/** The same in three requests, for a backend without relationships (or embedding) in its schema cache. */
async function readSeparately(api: ApiClient, id: string, recent: number): Promise<ClientWithHistory | undefined> {
  const [[client], appointments, notes] = await Promise.all([
    api.select<Client>('clients', query<Client>().eq('id', id)),
    api.select<Appointment>('appointments', query<Appointment>().eq('client_id', id).order('date', 'desc').order('start_time', 'desc').limit(recent)),
    api.select<SessionNote>('sessions', query<SessionNote>().eq('client_id', id).order('created_at', 'desc').limit(recent)),
  ]);
  return client && { ...client, appointments, session_notes: notes };
}

// What PostgREST answers when it cannot embed: no such relationship (PGRST200), or a select it cannot parse (PGRST100).
const refusesEmbedding = (err: unknown) => err instanceof ApiError && err.status === 400 && (err.code === 'PGRST200' || err.code === 'PGRST100');

async function runShow(text: string, options: ShowOptions, ctx: Context): Promise<void> {
  const recent = countOption('--recent', options.recent);
  const { id } = await resolveClient(ctx, text, 'client');
  const api = await ctx.api();
  const client = await readEmbedded(api, id, recent).catch((err: unknown) => {
    if (refusesEmbedding(err)) return readSeparately(api, id, recent);
    throw err;
  });
  if (!client) throw new CommandError(`Client ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  const { appointments, session_notes: notes } = client;
  if (options.json) return ctx.out.record(client, [], options);
  const { bold, dim } = ctx.out.color;
  const lines = [
    `${bold(visibleText(client.name))}  ${dim(shortId(client.id))}  ${client.status}`,
    ...(['phone', 'email', 'notes'] as const).filter((key) => client[key]).map((key) => `${key}:  ${visibleText(client[key]!)}`),
    `visits: ${client.total_visits}`,
    '',
    bold('Recent appointments'),
    ...(appointments.length ? appointments.map((a) => `  ${a.date} ${a.start_time}-${a.end_time}  ${a.status}  ${dim(shortId(a.id))}`) : ['  none']),
    '',
    bold('Recent notes'),
    ...(notes.length ? notes.map((n) => `  ${dayOf(n.created_at)}  ${n.signed_at ? 'signed  ' : 'unsigned'}  ${dim(shortId(n.id))}  ${visibleText(noteSummary(n))}`) : ['  none']),
  ];
  ctx.out.print(lines.join('\n'));
}
