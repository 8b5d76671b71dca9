// `practice audit [list]`: the practice's audit trail, newest first (GET audit_log?order=id.desc),
// narrowed by client, table, actor, channel and days, in Range pages past the service's row cap:
// no window, however old the rows.
import { Command, Option } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { AUDITED_TABLES } from '../../model/practice-tables.js';
import { instantAt } from '../../model/time-zone.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { countOption, dayOption, practiceTimeZone } from '../shared/input.js';
import { readRanged } from '../shared/read-ranged.js';
import { resolveClient } from '../shared/resolve.js';
import { resolveActor } from './actor.js';
import { type AuditEntry, CHANNELS, columnsIn, FIELDS } from './shared.js';

interface ListOptions extends RowOptions {
  client?: string;
  table?: string;
  actor?: string;
  via?: string;
  since?: string;
  until?: string;
  limit?: string;
}

export function listCommand(ctx: Context): Command {
  const command = new Command('list')
    .alias('ls')
    .description('The audit trail, newest first: who changed or read what, when, through what')
    .option('--client <client>', "only rows about this client (name, id or id prefix)")
    .addOption(new Option('--table <table>', 'only rows of this table').choices(AUDITED_TABLES))
    .option('--actor <user-id>', 'only what this user did: their id, or a unique prefix of it (the WHO column)')
    .addOption(new Option('--via <channel>', 'only what came through this channel').choices(CHANNELS))
    .option('--since <day>', 'on or after this day: YYYY-MM-DD, today, mon, -30d')
    .option('--until <day>', 'on or before this day')
    .option('--limit <rows>', 'at most this many rows (the newest)')
    .addHelpText('before', `Examples:
  $ practice audit --client ann
  $ practice audit --table sessions --via mcp --since -7d
  $ practice audit --actor 3f2a9c1b --since 2026-01-01 --until 2026-03-31 --json
`)
    .addHelpText('after', '\nExit codes: 0 listed (perhaps nothing), 1 failure (an --actor prefix no actor has too), 2 bad flags (nothing sent), 4 not signed in.')
    .action((options: ListOptions) => runList(options, ctx));
  return addOutputFlags(command, FIELDS);
}

/** The first instant of the day `text` names (or of the day after it) in the practice's zone. */
async function dayStart(ctx: Context, flag: string, text: string, dayAfter = false): Promise<string> {
  const day = await dayOption(ctx, flag, text);
  const start = dayAfter ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : day;
  return instantAt(start, '00:00', await practiceTimeZone(ctx)).toISOString();
}

async function runList(options: ListOptions, ctx: Context): Promise<void> {
  const since = options.since === undefined ? undefined : await dayStart(ctx, '--since', options.since);
  const until = options.until === undefined ? undefined : await dayStart(ctx, '--until', options.until, true);
  if (since !== undefined && until !== undefined && since >= until) throw new UsageError(`--since ${options.since} is after --until ${options.until}.`);
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit);
  const actor = options.actor === undefined ? undefined : await resolveActor(ctx, options.actor);

  const request = query<AuditEntry>().order('id', 'desc');
  if (options.client !== undefined) request.eq('client_id', (await resolveClient(ctx, options.client)).id);
  if (options.table !== undefined) request.eq('table_name', options.table);
  if (actor !== undefined) request.eq('actor', actor);
  if (options.via !== undefined) request.eq('via', options.via as AuditEntry['via']);
  if (since !== undefined) request.gte('at', since);
  if (until !== undefined) request.lt('at', until);
  const fields = requestedFields(options) as (keyof AuditEntry & string)[] | null;
  if (fields) request.select(fields);
  const entries = await readRanged<AuditEntry>(await ctx.api(), 'audit_log', request, limit);
  await ctx.out.rows(entries, columnsIn(await practiceTimeZone(ctx)), options, 'No audit rows.');
}
