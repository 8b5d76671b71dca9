// The appointment listing that `appt list` and `appt today` print: the filters both take, read as the
// REST filters of INTERFACE.md (`date=eq.`, `status=in.(...)`, `client_id=eq.`, select, order), every
// row or the first --limit, in Range pages past the service's row cap (read-ranged.ts).
import type { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../../core/output-flags.js';
import type { RowOptions } from '../../../core/output.js';
import { type Direction, query } from '../../../core/query-builder.js';
import type { AppointmentStatus } from '../../../model/appointment-status.js';
import type { Appointment } from '../../../model/records.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { countOption, dayOption, statusesOption } from '../../shared/input.js';
import { readRows } from '../../shared/read-ranged.js';
import { resolveClient } from '../../shared/resolve.js';
import { columnsWithService, serviceNames } from './services.js';
import { COLUMNS, dayName, FIELDS } from './appointment.js';

export interface ListOptions extends RowOptions {
  date?: string;
  from?: string;
  to?: string;
  status?: string;
  client?: string;
  limit?: string;
  order?: string;
}

const DEFAULT_ORDER = 'date.asc,start_time.asc';

/** The flags `appt list` shares with `appt today`: everything but the days. */
export function addFilterFlags(command: Command): Command {
  command
    .option('--status <statuses>', 'only these statuses, comma-separated: requested, scheduled, confirmed, completed, cancelled, no-show')
    .option('--client <client>', 'only this client: a name, an id or an id prefix')
    .option('--limit <n>', 'at most this many appointments')
    .option('--order <columns>', `sort by these fields, each optionally .asc or .desc (default: ${DEFAULT_ORDER})`);
  return addOutputFlags(command, FIELDS);
}

/** `date.desc,start_time` -> [column, direction] pairs, every column one of the JSON fields. */
function parseOrder(text: string): Array<[keyof Appointment, Direction]> {
  return text.split(',').map((part) => {
    const [column = '', direction = 'asc', ...rest] = part.trim().split('.');
    if (!FIELDS.includes(column) || (direction !== 'asc' && direction !== 'desc') || rest.length > 0) {
      throw UsageError.about('--order', () => `expected fields like date.asc,start_time.desc; got '${text}'`, () => `Fields: ${FIELDS.join(', ')}.`);
    }
    return [column as keyof Appointment, direction];
  });
}

export async function runList(options: ListOptions, ctx: Context): Promise<void> {
  // Every flag is checked before the first request: a mistake sends nothing.
  const date = options.date === undefined ? undefined : await dayOption(ctx, '--date', options.date);
  const from = options.from === undefined ? undefined : await dayOption(ctx, '--from', options.from);
  const to = options.to === undefined ? undefined : await dayOption(ctx, '--to', options.to);
  if (from !== undefined && to !== undefined && to < from) throw UsageError.about('--to', (name) => `${to} is before ${name('--from')} ${from}`);
  const statuses = options.status === undefined ? undefined : statusesOption('--status', options.status);
  const limit = options.limit === undefined ? undefined : countOption('--limit', options.limit, 1);
  const order = parseOrder(options.order ?? DEFAULT_ORDER);
  const fields = requestedFields(options);

  const client = options.client === undefined ? undefined : await resolveClient(ctx, options.client);
  const api = await ctx.api();
  const filter = query<Appointment>().eq('therapist_id', await api.userId());
  if (date !== undefined) filter.eq('date', date);
  if (from !== undefined) filter.gte('date', from);
  if (to !== undefined) filter.lte('date', to);
  if (statuses !== undefined) filter.in('status', statuses);
  if (client !== undefined) filter.eq('client_id', client.id);
  if (fields !== null) filter.select(fields as Array<keyof Appointment>);
  for (const [column, direction] of order) filter.order(column, direction);
  const rows = await readRows<Appointment>(api, 'appointments', filter, limit);
  // JSON and CSV keep the stored rows; only the table names the services, with one more read.
  if (options.json || options.format) return ctx.out.rows(rows, COLUMNS, options);
  const columns = columnsWithService(await serviceNames(api, rows), ctx.now());
  await ctx.out.rows(rows, columns, options, noneFound({ date, from, to, statuses, client: client?.name }));
}

/** What a list was asked for, each filter as resolved (the client by name). */
interface Asked {
  date: string | undefined;
  from: string | undefined;
  to: string | undefined;
  statuses: AppointmentStatus[] | undefined;
  client: string | undefined;
}

/** The note for an empty list, naming its filters: `No scheduled appointments for Ann Lee on Tuesday 2026-11-24.` */
function noneFound({ date, from, to, statuses, client }: Asked): string {
  const which = statuses === undefined ? '' : `${statuses.map((status) => status.replace('_', '-')).join(' or ')} `;
  const whose = client === undefined ? '' : ` for ${client}`;
  const when = date !== undefined ? ` on ${dayName(date)}`
    : from !== undefined && to !== undefined ? ` from ${from} to ${to}`
      : from !== undefined ? ` from ${from} on`
        : to !== undefined ? ` up to ${to}` : '';
  return `No ${which}appointments${whose}${when}.`;
}
