// `practice client show <client>`: one client with their last visits (completed, with service and
// price), the visits to come, and their latest notes, read in one request through resource
// embedding (or, from a backend that refuses it, apart and in parallel). --json prints one object,
// the client's own fields (its `notes` too) with the related records under `last_visits`,
// `upcoming` and `session_notes`, and what they owe under `balance`; --format csv|ndjson the client
// as `client list` prints it.
import { Command } from 'commander';
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { alignColumns } from '../../core/display-width.js';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { visibleText } from '../../core/visible-text.js';
import { formatAmount } from '../../model/money.js';
import type { Appointment, Client, SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { wallClockAt } from '../../model/time-zone.js';
import { todayIn } from '../../model/when.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { bookingIntake } from '../shared/booking-intake.js';
import { countOption, practiceTimeZone } from '../shared/input.js';
import { noteSummary } from '../shared/note-text.js';
import { balanceText, clientBalance, type ClientBalance } from '../shared/client-balance.js';
import { resolveClient } from '../shared/resolve.js';
import { COLUMNS, FIELDS, NOT_FOUND_HINT } from './shared.js';
import { lastAccessedLine, withLastAccessed, type WithLastAccess } from '../shared/last-accessed.js';

export interface ShowOptions extends RowOptions {
  recent: string;
}

/** What `client show --json` prints: the client's fields and, under keys of their own, the related records. */
const CLIENT_SHOW_FIELDS = [...FIELDS, 'last_accessed', 'balance', 'last_visits', 'upcoming', 'session_notes'];

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .alias('view')
    .description('Show a client with their last visits, the visits to come and their latest notes')
    .argument('<client>', 'name, id or id prefix')
    .option('--recent <count>', 'how many visits of each kind and notes to show', '5')
    .addHelpText('before', `Examples:
  $ practice client show "Ann Lee"
  $ practice client show 3f2a9c1b --recent 10 --json
  $ practice client show ann --json name,phone,last_visits,upcoming
  $ practice client show ann --format csv
`)
    .action((client: string, options: ShowOptions) => runShow(client, options, ctx));
  return addOutputFlags(command, CLIENT_SHOW_FIELDS);
}

/** An appointment with its service's name, as embedding `service:service_menu(name)` returns it. */
type Visit = Appointment & { service: { name: string } | null };
// diagnosis_codes: migration 17; a backend before it has none.
type ClientWithHistory = Client & { last_visits: Visit[]; upcoming: Visit[]; session_notes: SessionNote[]; diagnosis_codes?: string[]; balance?: ClientBalance | null };

/**
 * Which visits each list holds: the completed ones newest first, and from today on the booked ones and
 * the requests from the booking page still waiting for the therapist's answer.
 */
const lastVisits = (recent: number) => query<Appointment>().eq('status', 'completed').order('date', 'desc').order('start_time', 'desc').limit(recent);
const upcomingVisits = (recent: number, today: string) =>
  query<Appointment>().in('status', ['requested', 'scheduled', 'confirmed']).gte('date', today).order('date').order('start_time').limit(recent);

/** `status=eq.completed&order=...` as the parameters of the embedded resource `name`. */
const embedded = (name: string, search: string) => search.split('&').map((parameter) => `${name}.${parameter}`);

/** The client with their visits and latest notes in one request, as PostgREST embeds them. */
async function readEmbedded(api: ApiClient, id: string, recent: number, today: string): Promise<ClientWithHistory | undefined> {
  const search = [
    'select=*,last_visits:appointments(*,service:service_menu(name)),upcoming:appointments(*,service:service_menu(name)),session_notes:sessions(*)',
    query<Client>().eq('id', id).toString(),
    ...embedded('last_visits', lastVisits(recent).toString()),
    ...embedded('upcoming', upcomingVisits(recent, today).toString()),
    'session_notes.order=created_at.desc', `session_notes.limit=${recent}`,
  ].join('&');
  const [client] = (await api.request({ method: 'GET', path: '/rest/v1/clients', query: search, idempotent: true })).json<ClientWithHistory[]>();
  return client;
}

/** The same apart, for a backend without relationships (or embedding) in its schema cache. */
async function readSeparately(api: ApiClient, id: string, recent: number, today: string): Promise<ClientWithHistory | undefined> {
  const [[client], last, upcoming, notes] = await Promise.all([
    api.select<Client>('clients', query<Client>().eq('id', id)),
    api.select<Appointment>('appointments', lastVisits(recent).eq('client_id', id)),
    api.select<Appointment>('appointments', upcomingVisits(recent, today).eq('client_id', id)),
    api.select<SessionNote>('sessions', query<SessionNote>().eq('client_id', id).order('created_at', 'desc').limit(recent)),
  ]);
  const serviceIds = [...new Set([...last, ...upcoming].flatMap((visit) => visit.service_id ?? []))];
  const services = serviceIds.length === 0 ? [] : await api.select<{ id: string; name: string }>('service_menu', query<{ id: string; name: string }>().in('id', serviceIds).select(['id', 'name']));
  const withService = (visit: Appointment): Visit => {
    const service = services.find((candidate) => candidate.id === visit.service_id);
    return { ...visit, service: service ? { name: service.name } : null };
  };
  return client && { ...client, last_visits: last.map(withService), upcoming: upcoming.map(withService), session_notes: notes };
}

// What PostgREST answers when it cannot embed: no such relationship (PGRST200), or a select it cannot parse (PGRST100).
const refusesEmbedding = (err: unknown) => err instanceof ApiError && err.status === 400 && (err.code === 'PGRST200' || err.code === 'PGRST100');

export async function runShow(text: string, options: ShowOptions, ctx: Context): Promise<void> {
  const recent = countOption('--recent', options.recent);
  const { id } = await resolveClient(ctx, text, 'client');
  const api = await ctx.api();
  const timeZone = await practiceTimeZone(ctx);
  const today = todayIn(ctx.now(), timeZone);
  const [found, balance] = await Promise.all([withLastAccessed(api, id, () => readEmbedded(api, id, recent, today).catch((err: unknown) => {
    if (refusesEmbedding(err)) return readSeparately(api, id, recent, today);
    throw err;
  })), clientBalance(ctx, id, today)]);
  if (!found) throw new CommandError(`Client ${shortId(id)} was not found.`, NOT_FOUND_HINT);
  const { last_visits, upcoming, session_notes, ...fields } = found;
  const client = { ...fields, balance, last_visits, upcoming, session_notes };
  const intakeLines = await bookingIntake(api, client);
  // --json: the whole record with its lists; --format: the client as `client list` prints it.
  if (options.json && !options.format) return ctx.out.record(client, [], options);
  if (options.format) return ctx.out.record(client, COLUMNS, options);
  ctx.out.print([...clientText(client, timeZone, ctx.out.color), ...intakeLines].join('\n'));
}

/** The client's facts, then each list under its heading (days on the practice's clock); stored text escaped, so it cannot drive the terminal. */
function clientText(client: WithLastAccess<ClientWithHistory>, timeZone: string, { bold, dim }: Context['out']['color']): string[] {
  const visitLines = (visits: Visit[], last: string) => {
    if (visits.length === 0) return ['  none'];
    const cells = visits.map((visit) => [
      `${visit.date} ${visit.start_time}-${visit.end_time}`,
      visibleText(visit.service?.name ?? ''),
      last === 'price' ? (visit.price === null ? '' : formatAmount(visit.price)) : visit.status,
    ]);
    return alignColumns(cells).map((line, index) => `  ${line}  ${dim(shortId(visits[index]!.id))}`);
  };
  const notes = client.session_notes;
  return [
    `${bold(visibleText(client.name))}  ${dim(shortId(client.id))}  ${client.status}`,
    ...(['phone', 'email', 'notes'] as const).filter((key) => client[key]).map((key) => `${key}:  ${visibleText(client[key]!)}`),
    ...(client.diagnosis_codes?.length ? [`diagnosis:  ${client.diagnosis_codes.join(', ')}`] : []),
    `visits: ${client.total_visits}`,
    lastAccessedLine(client.last_accessed, timeZone),
    ...(client.balance ? [`balance: ${balanceText(client.balance)}`] : []),
    '',
    bold('Last visits'),
    ...visitLines(client.last_visits, 'price'),
    '',
    bold('Upcoming'),
    ...visitLines(client.upcoming, 'status'),
    '',
    bold('Recent notes'),
    ...(notes.length ? notes.map((n) => `  ${n.created_at ? wallClockAt(new Date(n.created_at), timeZone).date : ''}  ${n.signed_at ? 'signed  ' : 'unsigned'}  ${dim(shortId(n.id))}  ${visibleText(noteSummary(n))}`) : ['  none']),
  ];
}
