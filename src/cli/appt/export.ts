// `practice appt export`: the day sheet (a day's or a range's appointments with client and service
// names) as JSON, CSV or iCalendar, for cron: to stdout, or to a file replaced atomically that keeps
// the mode of the one it replaces (a new one is 0644, or --mode), so a web server can go on serving it.
import { Command, Option } from 'commander';
import { toCsv } from '../../formats/csv.js';
import { type CalendarEvent, type CalendarOptions, toICalendar } from '../../formats/ics.js';
import { SCHEDULE_COLUMNS, scheduleRows, toSchedule } from '../../formats/schedule.js';
import { type HeldRequest, holdExpired } from '../../model/request-hold.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readAll } from '../shared/read-all.js';
import { emit, parseMode } from '../shared/write-file.js';
import { dayOption, practiceTimeZone } from '../shared/input.js';
import { servicesOf } from './shared/services.js';

type Format = 'json' | 'csv' | 'ics';

interface ExportOptions {
  date?: string;
  from?: string;
  to?: string;
  format: Format;
  output?: string;
  redact?: boolean;
  mode?: number;
}

export function exportCommand(ctx: Context): Command {
  return new Command('export')
    .description('Write the day sheet (appointments with client and service names) as JSON, CSV or iCalendar')
    .addHelpText('before', `Examples:
  $ practice appt export --date today --format ics --output ~/calendar/practice.ics
  $ practice appt export --date tomorrow --format csv --redact > tomorrow.csv
  $ practice appt export --from mon --to +6d --format json
`)
    .addOption(new Option('--date <day>', 'this day: today, tomorrow, mon, +3d or 2026-11-23 (default: today)').conflicts(['from', 'to']))
    .option('--from <day>', 'from this day on (inclusive)')
    .option('--to <day>', 'up to this day (inclusive; default: the --from day)')
    .addOption(new Option('--format <format>', 'json, csv or ics (RFC 5545)').choices(['json', 'csv', 'ics']).default('json'))
    .option('-o, --output <dir|file>', 'write to this file (replaced atomically), or into this directory (default: stdout)')
    .option('--mode <octal>', 'the mode of the file written (default: that of the file it replaces, else 644)', parseMode)
    .option('--redact', 'client names as initials, and no notes')
    .addHelpText('after', '\nThe columns and the calendar fields are described in `practice help formats`.')
    .action((options: ExportOptions) => runExport(options, ctx));
}

async function runExport(options: ExportOptions, ctx: Context): Promise<void> {
  if (options.mode !== undefined && (options.output === undefined || options.output === '-')) throw UsageError.about('--mode', (name) => `needs ${name('--output')}; stdout has no mode.`);
  const from = await dayOption(ctx, options.from ? '--from' : '--date', options.from ?? options.date ?? 'today');
  const to = options.to === undefined ? from : await dayOption(ctx, '--to', options.to);
  if (to < from) throw UsageError.about('--to', (name) => `${to} is before ${name('--from')} ${from}`);
  const timeZone = await practiceTimeZone(ctx);
  const api = await ctx.api();
  // Every page of the range (toSchedule puts them in date and time order).
  const appointments = await readAll<HeldRequest>(api, 'appointments', undefined, (page) => page.gte('date', from).lte('date', to));
  const schedule = toSchedule(appointments, await servicesOf(api, appointments));
  const redact = options.redact ?? false;
  const text = options.format === 'ics'
    ? calendarOf(appointments, schedule, { timeZone, now: ctx.now(), redact })
    : options.format === 'csv'
      ? toCsv(SCHEDULE_COLUMNS, scheduleRows(schedule, { redact }))
      : `${JSON.stringify(scheduleRows(schedule, { redact }), null, 2)}\n`;
  const days = from === to ? from : `${from}_${to}`;
  const destination = { output: options.output, fileName: () => `appointments-${days}.${options.format}`, published: { mode: options.mode } };
  await emit(ctx, text, destination, `${schedule.length} appointments`);
}

/** The schedule as iCalendar, as the calendar feed shows it: a request whose hold ran out holds no time. */
function calendarOf(appointments: readonly HeldRequest[], schedule: readonly CalendarEvent[], options: CalendarOptions): string {
  const lapsed = new Set(appointments.filter((row) => holdExpired(row, options.now)).map((row) => row.id));
  return toICalendar(schedule.map((event) => (lapsed.has(event.id) ? { ...event, hold_expired: true } : event)), options);
}
