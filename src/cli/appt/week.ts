// `practice appt week [day]`: the week (Monday to Sunday) around a day as an agenda, one heading a day
// and columns aligned across the week, or its rows with --json/--format. One read of the week
// (`date=gte.<monday>&date=lte.<sunday>`, paged past the row cap), and for the agenda one of its
// services' names and one of the time off touching it, marked on its days.
import { Command } from 'commander';
import { addOutputFlags, requestedFields } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import { shortId } from '../../model/short-id.js';
import { addDays, weekOf } from '../../model/when.js';
import { type Closure, closedPartOf } from '../../model/closure.js';
import { alignColumns } from '../../core/display-width.js';
import type { ApiClient } from '../../core/api-client.js';
import type { Appointment } from '../../model/records.js';
import type { Context } from '../context.js';
import { dayOption } from '../shared/input.js';
import { readRows } from '../shared/read-ranged.js';
import { serviceNames } from './shared/services.js';
import { clock, COLUMNS, dayName, FIELDS } from './shared/appointment.js';

export function weekCommand(ctx: Context): Command {
  const command = new Command('week')
    .description('Show the week of a day (default: this week) as an agenda')
    .argument('[day]', 'a day of the week to show: today, +1w, 2026-11-23 …', 'today')
    .addHelpText('before', `Examples:
  $ practice appt week
  $ practice appt week +1w
  $ practice appt week 2026-11-23 --json
`)
    .action((day: string, options: RowOptions) => runWeek(day, options, ctx));
  return addOutputFlags(command, FIELDS);
}

export async function runWeek(day: string, options: RowOptions, ctx: Context): Promise<void> {
  const days = weekOf(await dayOption(ctx, 'day', day));
  const fields = requestedFields(options);
  const api = await ctx.api();
  const filter = query<Appointment>().eq('therapist_id', await api.userId()).gte('date', days[0]!).lte('date', days[6]!).order('date').order('start_time');
  if (fields !== null) filter.select(fields as Array<keyof Appointment>);
  const rows = await readRows<Appointment>(api, 'appointments', filter);
  if (options.json || options.format) return ctx.out.rows(rows, COLUMNS, options);

  const { bold, dim } = ctx.out.color;
  const [services, closures] = await Promise.all([serviceNames(api, rows), closuresOfWeek(api, days)]);
  const entries = alignColumns(rows.map((row) => [
    `${clock(row.start_time)}-${clock(row.end_time)}`,
    row.client_name ?? shortId(row.client_id),
    row.service_id === null ? '' : services.get(row.service_id) ?? '',
    row.status,
  ]));
  const lines = days.flatMap((date) => {
    const closed = closures.flatMap((closure) => {
      const part = closedPartOf(closure, date);
      return part === null ? [] : [`  closed ${part}${closure.reason ? ` (${closure.reason})` : ''}`];
    });
    const today = rows.flatMap((row, index) => (row.date === date ? [`  ${entries[index]}  ${dim(shortId(row.id))}`] : []));
    return [bold(dayName(date)), ...closed, ...(today.length > 0 || closed.length > 0 ? today : [dim('  no appointments')]), ''];
  });
  ctx.out.print(lines.join('\n').trimEnd());
}

/** The closures that touch the week's days (`days` Monday to Sunday): the agenda marks them. */
function closuresOfWeek(api: ApiClient, days: readonly string[]): Promise<Closure[]> {
  return readRows<Closure>(api, 'closures', query<Closure>()
    .lt('starts_at', `${addDays(days[6]!, 1)}T00:00`).gt('ends_at', `${days[0]!}T00:00`).order('starts_at'));
}
