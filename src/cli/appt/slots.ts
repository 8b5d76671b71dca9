// `practice appt slots`: when the practice is free, from the business hours less closures and every
// booking that blocks (with its buffer), in the profile's time zone and from now on; with --service or
// --duration, the starts where such a booking fits. The database answers (`free_time`); this presents
// it as an agenda by day, one JSON object, CSV rows or iCalendar.
import { Command, Option } from 'commander';
import { toCsv } from '../../formats/csv.js';
import { freeTimeCalendar } from '../../formats/free-time-ics.js';
import { addDays, MINUTES_PER_DAY, minutesOfDay } from '../../model/when.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { countOption, dayOption } from '../shared/input.js';
import { resolveService } from '../shared/resolve.js';
import { type BookingLength, type DayAvailability, DEFAULT_STEP, readAvailability, type Span } from './shared/availability.js';
import { dayName } from './shared/appointment.js';

export interface SlotsOptions {
  date?: string;
  from?: string;
  to?: string;
  service?: string;
  duration?: string;
  /** Default DEFAULT_STEP. */
  step?: string | undefined;
  json?: boolean;
  format?: 'csv' | 'ics';
}

/** A year at most: the answer is read in one go. */
const MAX_DAYS = 366;
const LAST_MINUTE = MINUTES_PER_DAY - 1;

export function slotsCommand(ctx: Context): Command {
  return new Command('slots')
    .alias('free')
    .description('Show free time, or where a booking of a service or length fits')
    .addHelpText('before', `Examples:
  $ practice appt slots
  $ practice appt slots --date tomorrow --service "Swedish 60"
  $ practice appt slots --from today --to +6d --duration 90 --step 30
  $ practice appt slots --date fri --service "swedish 60" --json
  $ practice appt slots --from today --to +13d --format ics > free.ics
`)
    .addOption(new Option('--date <day>', 'this day: today, tomorrow, mon, +3d or 2026-11-23 (default: today)').conflicts(['from', 'to']))
    .option('--from <day>', 'from this day on (inclusive)')
    .option('--to <day>', 'up to this day (inclusive; default: the --from day)')
    .addOption(new Option('--service <service>', "a booking of this service: its duration, and its buffer kept free after it").conflicts('duration'))
    .option('--duration <minutes>', 'a booking of this many minutes, without a buffer')
    .option('--step <minutes>', 'offer starts this many minutes apart, counted from opening (a start right after a booking is offered too)', String(DEFAULT_STEP))
    .option('--json', 'print one JSON object: the range, the length asked for, and each day with its free time and slots')
    .addOption(new Option('--format <format>', 'print CSV (date,start,end a slot, or a free interval) or iCalendar (the free intervals)').choices(['csv', 'ics']).conflicts('json'))
    .addHelpText('after', `
Free time is inside the business hours (\`practice hours show\`; without any, every day is open), outside
closures and every appointment that is not cancelled or no-show, with its buffer. A slot ends by closing
time, and its own buffer must end before the next appointment. Today starts now. The database answers
(function free_time, schema version 12); a web app gets the same through /rest/v1/rpc/free_time.`)
    .action((options: SlotsOptions) => runSlots(options, ctx));
}

export async function runSlots(options: SlotsOptions, ctx: Context): Promise<void> {
  // Every flag is checked before the first request: a mistake sends nothing.
  // commander refuses these pairs on the command line; a caller of this function is refused alike.
  if (options.date !== undefined && (options.from !== undefined || options.to !== undefined)) {
    throw UsageError.about('--date', (name) => `not with ${name(options.from !== undefined ? '--from' : '--to')}; give one day, or a range`);
  }
  if (options.service !== undefined && options.duration !== undefined) throw UsageError.about('--duration', (name) => `not with ${name('--service')}, whose duration it is`);
  const from = await dayOption(ctx, options.from ? '--from' : '--date', options.from ?? options.date ?? 'today');
  const to = options.to === undefined ? from : await dayOption(ctx, '--to', options.to);
  if (to < from) throw UsageError.about('--to', (name) => `${to} is before ${name('--from')} ${from}`);
  if (addDays(from, MAX_DAYS - 1) < to) throw UsageError.about('--to', (name) => `at most ${MAX_DAYS} days from ${name('--from')} ${from}; got ${to}`);
  const step = options.step === undefined ? DEFAULT_STEP : minutesOption('--step', options.step);
  const duration = options.duration === undefined ? undefined : minutesOption('--duration', options.duration);

  const service = options.service === undefined ? undefined : await resolveService(ctx, options.service);
  const length: BookingLength | undefined = service ? { service: service.id, step } : duration === undefined ? undefined : { duration, step };
  const found = await readAvailability(ctx, from, to, length);

  if (options.json) return ctx.out.json(found);
  if (options.format === 'csv') {
    const rows = found.days.flatMap((day) => (day.slots ?? day.free).map((span) => ({ date: day.date, ...span })));
    return ctx.out.print(toCsv(['date', 'start', 'end'], rows));
  }
  if (options.format === 'ics') {
    const windows = found.days.flatMap((day) => bookableWindows(day).map((span) => ({ date: day.date, ...span })));
    const summary = service ? `Free for ${service.name}` : duration === undefined ? 'Free' : `Free for ${duration} minutes`;
    return ctx.out.print(freeTimeCalendar(windows, { timeZone: found.time_zone, now: ctx.now(), summary }));
  }
  if (!found.business_hours_set) ctx.out.note('No business hours are set, so every day counts as open all day; set them with `practice hours set`.');
  printAgenda(ctx, found.days);
}

/** A whole number of minutes within one day: a length, or the step between starts. */
function minutesOption(flag: string, text: string): number {
  const minutes = countOption(flag, text, 1);
  if (minutes > LAST_MINUTE) throw UsageError.about(flag, () => `at most ${LAST_MINUTE} minutes, as a booking ends on the day it starts; got ${text}`);
  return minutes;
}

/** The free windows a booking fits in: with slots, from a window's first start to its last slot's end; else the free time. */
function bookableWindows(day: DayAvailability): Span[] {
  if (!day.slots) return day.free;
  return day.free.flatMap((window) => {
    const inside = day.slots!.filter((slot) => window.start <= slot.start && slot.start < window.end);
    return inside.length === 0 ? [] : [{ start: inside[0]!.start, end: inside.at(-1)!.end }];
  });
}

/** Each day under its heading; under each free interval, the starts that fit in it (with a length). */
function printAgenda(ctx: Context, days: readonly DayAvailability[]): void {
  const { bold, dim } = ctx.out.color;
  const width = ctx.io.stdout.columns ?? 80;
  const lines = days.flatMap((day) => {
    const heading = bold(dayName(day.date));
    const closures = day.closures.map((closure) => dim(`  closed ${closure.start}-${closure.end}${closure.reason ? ` (${closure.reason})` : ''}`));
    if (day.closed) return [heading, dim('  closed'), ''];
    if (day.free.length === 0 && closures.length > 0) return [heading, ...closures, ''];
    const windows = day.slots ? bookableWindows(day) : day.free;
    if (windows.length === 0) return [heading, ...closures, dim(day.slots ? '  no slot fits' : '  no free time'), ''];
    return [heading, ...closures, ...windows.flatMap((window) => {
      const label = `  ${window.start}-${window.end}`;
      if (!day.slots) return [`${label}  ${dim(lengthText(window))}`];
      const starts = day.slots.filter((slot) => window.start <= slot.start && slot.start < window.end).map((slot) => slot.start);
      return wrap(label, starts, width);
    }), ''];
  });
  ctx.out.print(lines.join('\n').trimEnd());
}

/** `2h 30m` for a free interval. */
function lengthText({ start, end }: Span): string {
  const minutes = minutesOfDay(end) - minutesOfDay(start);
  const hours = Math.floor(minutes / 60);
  return [hours > 0 ? `${hours}h` : '', minutes % 60 > 0 ? `${minutes % 60}m` : ''].filter(Boolean).join(' ');
}

/** `label` then the starts, as many a line as fit in `width`, later lines indented under the first start. */
function wrap(label: string, starts: readonly string[], width: number): string[] {
  const indent = ' '.repeat(label.length + 3);
  const perLine = Math.max(1, Math.floor((width - indent.length) / 7));
  const lines: string[] = [];
  for (let index = 0; index < starts.length; index += perLine) {
    lines.push(`${index === 0 ? `${label} : ` : indent}${starts.slice(index, index + perLine).join('  ')}`);
  }
  return lines;
}
