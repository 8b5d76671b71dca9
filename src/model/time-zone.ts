// The one time-zone engine: instants to a zone's wall clock and back, from the runtime's IANA data
// (ICU). Both directions read the same offsets, so a time shown as local converts back to the same
// instant. The zone and the instant are always arguments; the machine's own zone only decides how
// fast the answer comes (wallAt), and is told, never read: the model touches no file and no environment.
import { InvalidInputError } from './errors.js';

/** A date and clock time on a zone's wall clock: YYYY-MM-DD and HH:MM. */
export interface WallClock {
  date: string;
  time: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// A formatter costs about a millisecond to make and a command converts many times in one zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
      });
    } catch (error) {
      if (error instanceof RangeError) {
        throw new InvalidInputError(`unknown time zone '${timeZone}'; expected an IANA name like Europe/Berlin`);
      }
      throw error;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const ZONE_NAME = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Where this process's Date takes its zone from: its environment's TZ, else the file /etc/localtime
 * links to. The model reads neither itself: the process's entry tells it (src/cli/context.ts
 * processIO). Until told, the machine's zone is unknown and every conversion goes through Intl,
 * which is right whatever zone Date uses (a command run inside another program, as tests run them).
 */
export interface DateZoneSource {
  env: { TZ?: string | undefined };
  /** The target of /etc/localtime; null when it is no link (Windows, some containers). */
  localtimeLink(): string | null;
}

let dateZoneSource: DateZoneSource | null = null;
let localtimeZone: string | null | undefined;

/** Tells the model where this process's Date takes its zone from; called once, by the entry. */
export function useDateZoneOf(source: DateZoneSource): void {
  dateZoneSource = source;
  localtimeZone = undefined;
}

/**
 * The IANA zone a Date would use under `env`, when it can be known without Intl: TZ when it is a
 * zone's name, else the zone /etc/localtime links to (ICU looks there too), as told by the entry;
 * undefined otherwise.
 */
export function dateLocalZone(env: { TZ?: string | undefined } = dateZoneSource?.env ?? {}): string | undefined {
  if (env.TZ !== undefined) {
    const zone = env.TZ.replace(/^:/, '');
    return ZONE_NAME.test(zone) ? zone : undefined;
  }
  if (localtimeZone === undefined) {
    const zone = dateZoneSource?.localtimeLink()?.split('/zoneinfo/')[1];
    localtimeZone = zone !== undefined && ZONE_NAME.test(zone) ? zone : null;
  }
  return localtimeZone ?? undefined;
}

// The names of UTC, as tzdata's `backward` links and ICU know them. A machine's /etc/localtime often
// links to Etc/UTC while a profile holds ICU's name for it, UTC: told apart, every conversion would
// go through Intl. Each is an exact ICU id, so a TZ naming one gives Date that zone.
const UTC_NAMES = new Set([
  'UTC', 'Etc/UTC', 'UCT', 'Etc/UCT', 'Universal', 'Etc/Universal', 'Zulu', 'Etc/Zulu',
  'GMT', 'Etc/GMT', 'GMT0', 'Etc/GMT0', 'GMT+0', 'Etc/GMT+0', 'GMT-0', 'Etc/GMT-0', 'Greenwich', 'Etc/Greenwich',
]);

// Whether Date's zone is a zone whose name differs from Date's own, by the two names; asked of ICU once.
const namesOfDateZone = new Map<string, boolean>();

/**
 * Whether Date's local fields show the clock of `timeZone`: the zone this process's Date uses (as the
 * entry told) is `timeZone` under the same or another name. Equal names, or two names of UTC, decide
 * it without Intl; other names (Asia/Kolkata, Asia/Calcutta) are compared by ICU's canonical ids, the
 * zone's and Date's own, once per pair of names: only a zone that is not Date's needs Intl anyway.
 */
export function isDateZone(timeZone: string): boolean {
  if (dateZoneSource === null) return false;
  const local = dateLocalZone(dateZoneSource.env);
  if (local === undefined) return false;
  if (local === timeZone || (UTC_NAMES.has(local) && UTC_NAMES.has(timeZone))) return true;
  const names = `${local} ${timeZone}`;
  let same = namesOfDateZone.get(names);
  if (same === undefined) {
    // Date's own zone from ICU, not from `local`: a TZ ICU does not know exactly (europe/berlin) is
    // a name Intl accepts but Date does not follow.
    same = formatterOf(timeZone).resolvedOptions().timeZone === new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
    namesOfDateZone.set(names, same);
  }
  return same;
}

/**
 * The wall clock of `timeZone` at `instant` (milliseconds), read as if it were UTC. In the process's
 * own zone, Date's local fields give it from the same ICU data; a DateTimeFormat's first use costs
 * ~20 ms (the locale's data), which `appt list` would pay for a single conversion.
 */
function wallAt(instant: number, timeZone: string): number {
  if (isDateZone(timeZone)) {
    const local = new Date(instant);
    return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds());
  }
  const fields = Object.fromEntries(formatterOf(timeZone).formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
}

/** Minutes `timeZone` is ahead of UTC at `instant` (Adelaide: 570 or 630). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return (wallAt(whole, timeZone) - whole) / MINUTE;
}

/** The date and HH:MM the clocks of `timeZone` show at the instant `now`. */
export function wallClockAt(now: Date, timeZone: string): WallClock {
  const iso = new Date(now.getTime() + offsetAt(now.getTime(), timeZone) * MINUTE).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/*
 * Wall-clock time -> instant, with Temporal's `compatible` choice where the clock is not one-to-one:
 * a time skipped by the spring change (02:30 in Berlin on 2026-03-29) is read with the offset before
 * the change, which places it an hour later (03:30), and a time that occurs twice in autumn is the
 * earlier of the two. The service refuses neither, so whatever converts them must place both somewhere.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new InvalidInputError(`expected a date as YYYY-MM-DD and a time as HH:MM; got '${date} ${time}'`);
  // A zone changes its offset at most once within a day either side, so the offsets a day before
  // and a day after are the only candidates.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const fits = [before, after].filter((offset) => offsetAt(wall - offset * MINUTE, timeZone) === offset);
  // Two fitting offsets: the time occurs twice, take the earlier instant (the larger offset).
  // None: the time was skipped, read it with the offset from before the change.
  const offset = fits.length === 0 ? before : Math.max(...fits);
  return new Date(wall - offset * MINUTE);
}

// The offsets instantsIn sampled, by zone and instant: facts of the zone data, kept across calls so
// a feed polled again asks ICU nothing; emptied when large (a server runs for months).
const sampledOffsets = new Map<string, number>();
const MAX_SAMPLED_OFFSETS = 100_000;

function sampledOffsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone} ${instant}`;
  let offset = sampledOffsets.get(key);
  if (offset === undefined) {
    if (sampledOffsets.size >= MAX_SAMPLED_OFFSETS) sampledOffsets.clear();
    offset = offsetAt(instant, timeZone);
    sampledOffsets.set(key, offset);
  }
  return offset;
}

/**
 * instantAt for many times in one zone (a calendar of months): a day whose offset stays the same from
 * the day before to the day after, as almost every day's does, converts by that offset, so each day
 * costs at most one formatter call instead of several per time; a day near a change of the clocks goes
 * through instantAt. The same answers, ~20 times faster for a feed of 1,700 visits.
 */
export function instantsIn(timeZone: string): (date: string, time: string) => Date {
  const steadyOffsets = new Map<string, number | null>();
  return (date, time) => {
    let offset = steadyOffsets.get(date);
    if (offset === undefined) {
      const midnight = Date.parse(`${date}T00:00:00Z`);
      // instantAt looks at most a day before and after the wall clock (and 14 hours either way).
      const around = Number.isNaN(midnight) ? [] : [-DAY, 0, DAY, 2 * DAY].map((shift) => sampledOffsetAt(midnight + shift, timeZone));
      offset = around.length === 0 || around.some((o) => o !== around[0]) ? null : around[0]!;
      steadyOffsets.set(date, offset);
    }
    const wall = Date.parse(`${date}T${time}:00Z`);
    return offset === null || Number.isNaN(wall) ? instantAt(date, time, timeZone) : new Date(wall - offset * MINUTE);
  };
}
