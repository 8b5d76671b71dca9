// `appt add` without --start: the start comes from the free slots of the service (appt slots' own
// reading), chosen at the terminal from the day's, or with --first-free the earliest from a day on,
// for scripts; when another booking takes that slot first, --first-free books the next one free.
// The flags are checked before any request, so a mistake sends nothing.
import type { ApiClient } from '../../../core/api-client.js';
import { ApiError } from '../../../core/api-error.js';
import type { Appointment } from '../../../model/records.js';
import { addDays, addMinutes } from '../../../model/when.js';
import type { Context } from '../../context.js';
import { CommandError, UsageError, type Wording } from '../../errors.js';
import { dayOption } from '../../shared/input.js';
import { type BookingLength, DEFAULT_STEP, readAvailability } from './availability.js';
import { dayName } from './appointment.js';

export interface SlotFlags {
  date?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  service?: string | undefined;
  firstFree?: boolean | undefined;
  from?: string | undefined;
}

/** Where to find the start: the day to choose on, or the first day to look from. */
export type SlotSearch = { kind: 'choose'; date: string } | { kind: 'first'; from: string; to: string };

/** How far --first-free looks, and how many days each read covers. */
const SEARCH_DAYS = 366;
const READ_DAYS = 31;
/** How many slots --first-free tries when other bookings keep taking the one it chose. */
const FIRST_FREE_TRIES = 10;

const HINT: Wording = (name) => `Pass ${name('--start')}, or ${name('--first-free')} to book the earliest free slot; \`practice appt slots --date <day> --service <service>\` lists them.`;

/** The search `flags` ask for; null when --start and --date say when. */
export async function slotSearch(ctx: Context, flags: SlotFlags): Promise<SlotSearch | null> {
  if (flags.from !== undefined && !flags.firstFree) throw UsageError.about('--from', (name) => `only with ${name('--first-free')}, as the first day to look at`);
  if (!flags.firstFree) {
    if (flags.date === undefined) throw new UsageError((name) => `required option '${name('--date')} <day>' not specified`, flags.start === undefined ? HINT : null, '--date');
    if (flags.start !== undefined) return null;
    if (!ctx.interactive) throw new UsageError((name) => `required option '${name('--start')} <time>' not specified`, HINT, '--start');
    if (flags.end !== undefined) throw UsageError.about('--end', (name) => `only with ${name('--start')}; without it the service says how long`);
    needService(flags);
    return { kind: 'choose', date: await dayOption(ctx, '--date', flags.date) };
  }
  if (flags.start !== undefined || flags.end !== undefined) throw UsageError.about('--first-free', (name) => `not with ${name(flags.start !== undefined ? '--start' : '--end')}; it chooses the time itself`);
  if (flags.date !== undefined && flags.from !== undefined) throw UsageError.about('--from', (name) => `not with ${name('--date')}; ${name('--date')} looks at that day only`);
  needService(flags);
  if (flags.date !== undefined) {
    const date = await dayOption(ctx, '--date', flags.date);
    return { kind: 'first', from: date, to: date };
  }
  const from = await dayOption(ctx, '--from', flags.from ?? 'today');
  return { kind: 'first', from, to: addDays(from, SEARCH_DAYS - 1) };
}

function needService(flags: SlotFlags): void {
  if (flags.service === undefined) throw UsageError.about('--service', () => 'needed to find a free slot, for its duration and buffer', (name) => `Pass ${name('--service')}, or ${name('--start')} and ${name('--end')}.`);
}

/** The date and start of a free slot for `service` as `search` says: chosen at the terminal, or the first. */
export async function pickSlot(ctx: Context, search: SlotSearch, service: { id: string; name: string; duration: number }): Promise<{ date: string; start: string }> {
  const length: BookingLength = { service: service.id, step: DEFAULT_STEP };
  if (search.kind === 'first') {
    // A month a read: the first free slot is usually days away, not a year.
    for (let from = search.from; from <= search.to; from = addDays(from, READ_DAYS)) {
      const to = addDays(from, READ_DAYS - 1) < search.to ? addDays(from, READ_DAYS - 1) : search.to;
      const { days } = await readAvailability(ctx, from, to, length);
      const day = days.find((each) => each.slots!.length > 0);
      if (day) return { date: day.date, start: day.slots![0]!.start };
    }
    const when = search.from === search.to ? `on ${dayName(search.from)}` : `from ${search.from} to ${search.to}`;
    throw new CommandError(`No free slot for ${service.name} ${when}.`, 'See `practice hours show` and `practice appt slots`.');
  }
  const { days: [day] } = await readAvailability(ctx, search.date, search.date, length);
  if (!day || day.slots!.length === 0) {
    throw new CommandError(`No free slot for ${service.name} on ${dayName(search.date)}.`, `See \`practice appt slots --from ${search.date} --to ${addDays(search.date, 6)} --service <service>\`, or book the earliest with --first-free --from ${search.date}.`);
  }
  const choices = day.slots!.map((slot) => ({ name: `${slot.start}-${slot.end}`, value: slot.start }));
  const start = await ctx.prompt.select(`Which time on ${dayName(search.date)}?`, choices, { flag: '--start' });
  return { date: search.date, start };
}

type SlotService = Parameters<typeof pickSlot>[2];

/**
 * Inserts `row`, booked at the first free slot of `search`. When another booking took that slot
 * between the read and the insert (the service's overlap refusal, 23P01), the free time is read
 * again and the next free slot tried, up to FIRST_FREE_TRIES slots: it fails when no slot is left.
 */
export async function insertAtFirstFree<Row extends { date: string; start_time: string; end_time: string }>(
  api: ApiClient, ctx: Context, row: Row, search: SlotSearch, service: SlotService,
): Promise<Appointment> {
  for (let tries = 1; ; tries++) {
    try {
      const [created] = await api.insert<Appointment>('appointments', row);
      return created!;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409 && err.code === '23P01')) throw err;
      if (tries === FIRST_FREE_TRIES) {
        throw new CommandError(`Other bookings took each of the ${tries} free slots --first-free chose for ${service.name}; nothing was booked.`, 'Run it again, or book a time with --start.');
      }
      const when = await pickSlot(ctx, search, service);
      row = { ...row, date: when.date, start_time: when.start, end_time: addMinutes(when.start, service.duration) };
    }
  }
}
