// `practice appt show <id>`: one appointment, field by field, or as JSON; the id may be a short id
// from a list table.
import { Command } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { RowOptions } from '../../core/output.js';
import type { Context } from '../context.js';
import { visibleText } from '../../core/visible-text.js';
import type { Appointment } from '../../model/records.js';
import { seriesSummary } from './series/summary.js';
import { serviceNames } from './shared/services.js';
import { COLUMNS, fetchAppointment, FIELDS } from './shared/appointment.js';

export function showCommand(ctx: Context): Command {
  const command = new Command('show')
    .alias('view')
    .description('Show one appointment')
    .argument('<id>', 'the appointment: its id or a unique prefix of it')
    .addHelpText('before', `Examples:
  $ practice appt show 3f2a9c1b
  $ practice appt show 3f2a --json date,start_time,status
`)
    .action((id: string, options: RowOptions) => runShow(id, options, ctx));
  return addOutputFlags(command, FIELDS);
}

async function runShow(id: string, options: RowOptions, ctx: Context): Promise<void> {
  const appointment = await fetchAppointment(ctx, id);
  // One object for --json; --format csv the columns `appt list` has, for one row.
  if (options.json || options.format) return ctx.out.record(appointment, COLUMNS, options);
  const { bold } = ctx.out.color;
  const present = FIELDS.filter((field) => appointment[field as keyof Appointment] !== undefined);
  const entries = present.map((field) => [field, String(appointment[field as keyof Appointment] ?? '')] as const);
  // The service by name too, after its id.
  const service = appointment.service_id === null ? undefined : (await serviceNames(await ctx.api(), [appointment])).get(appointment.service_id);
  if (service !== undefined) entries.splice(present.indexOf('service_id') + 1, 0, ['service', service]);
  const series = await seriesSummary(ctx, appointment);
  if (series !== null) entries.splice(entries.findIndex(([field]) => field === 'series_id'), 2, ['series', series]);
  const width = Math.max(...entries.map(([field]) => field.length));
  // Stored text is shown escaped: a client's name or notes must not drive the terminal.
  ctx.out.print(entries.map(([field, value]) => `${bold(field.padEnd(width))}  ${visibleText(value)}`).join('\n'));
}
