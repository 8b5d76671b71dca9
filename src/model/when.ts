// Days and clock times as the practice sees them: YYYY-MM-DD in its time zone and HH:MM on its clock.
// Pure: the instant `now` and the time zone are always arguments, never read from the process.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { InvalidInputError } from './errors.js';
import { wallClockAt } from './time-zone.js';

dayjs.extend(utc);

export const DAYS_OF_WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** A clock time exactly as the service stores it: two-digit hour 00-23 and minute. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An opening interval of one day, named like the business_hours columns it becomes. */
export interface OpeningInterval {
  open_time: string;
  close_time: string;
}

const DATE_FORM = 'expected a date like 2026-11-23, today, tomorrow, mon or +3d';
const DAYS_OF_WEEK_FORM = 'expected days of the week like monday, mon-fri, sat,sun, weekdays or weekend';
const TIME_FORM = 'expected a time like 9, 9:30, 14:00, 2pm or 9:30am';
const HOURS_FORM = 'expected hours like 09:00-12:00,13:00-17:00 or 9am-5pm, or closed';
/** Minutes in a day: a clock time is fewer than this many after midnight. */
export const MINUTES_PER_DAY = 24 * 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in `timeZone` at the instant `now`. */
export function todayIn(now: Date, timeZone: string): string {
  return wallClockAt(now, timeZone).date;
}

/** Date and clock time in `timeZone` at the instant `now`, as `YYYY-MM-DD HH:MM` (sorts as it reads). */
export function dateTimeIn(now: Date, timeZone: string): string {
  const { date, time } = wallClockAt(now, timeZone);
  return `${date} ${time}`;
}

/**
 * The day a user means by `text`, seen from `now` in `timeZone`: `today`, `tomorrow`, `yesterday`,
 * `+3d`, `-2d`, `+1w`, an ISO date, or a day of the week (`monday` or `mon`). A day of the week means
 * the next such day counting today, so `appt list --date fri` on a Friday lists today: a therapist
 * asking for "friday" on a Friday almost always means the day in front of them, and `+1w` is there
 * for the week after.
 */
export function resolveDay(text: string, now: Date, timeZone: string): string {
  const today = todayIn(now, timeZone);
  const input = text.trim().toLowerCase();
  if (input === 'today') return today;
  if (input === 'tomorrow') return addDays(today, 1);
  if (input === 'yesterday') return addDays(today, -1);

  const weekday = WEEKDAY_NAMES.get(input);
  if (weekday !== undefined) return addDays(today, (weekday - weekdayIndex(today) + 7) % 7);

  const relative = /^([+-])(\d{1,4})([dw])$/.exec(input);
  if (relative !== null) {
    const [, sign, count, unit] = relative;
    return addDays(today, (sign === '-' ? -1 : 1) * Number(count) * (unit === 'w' ? 7 : 1));
  }

  if (ISO_DATE.test(input)) return checkDate(input);
  throw new InvalidInputError(`${DATE_FORM}; got '${text}'`);
}

// Names for the groups of days a practice's hours usually come in.
const DAY_GROUPS = new Map<string, readonly DayOfWeek[]>([
  ['weekdays', DAYS_OF_WEEK.slice(0, 5)],
  ['weekend', DAYS_OF_WEEK.slice(5)],
]);

/**
 * Days of the week as typed (a day full or three letters, any case): days, ranges and groups,
 * comma-separated (`mon-fri`, `sat,sun`, `mon-wed,fri`, `weekdays`, `weekend`). A range runs
 * forward through the week, wrapping past Sunday (`fri-mon`). Each day comes back once, Monday first.
 */
export function parseDaysOfWeek(text: string): DayOfWeek[] {
  const chosen = new Set<DayOfWeek>();
  const refuse = () => new InvalidInputError(`${DAYS_OF_WEEK_FORM}; got '${text}'`);
  for (const item of text.split(',')) {
    const name = item.trim().toLowerCase();
    const group = DAY_GROUPS.get(name);
    const range = name.split('-').map((day) => WEEKDAY_NAMES.get(day.trim()));
    if (group) group.forEach((day) => chosen.add(day));
    else if (range.length === 1 && range[0] !== undefined) chosen.add(DAYS_OF_WEEK[range[0]]!);
    else if (range.length === 2 && range[0] !== undefined && range[1] !== undefined) {
      for (let index = range[0]; ; index = (index + 1) % 7) {
        chosen.add(DAYS_OF_WEEK[index]!);
        if (index === range[1]) break;
      }
    } else throw refuse();
  }
  return DAYS_OF_WEEK.filter((day) => chosen.has(day));
}

/** The lower-case day name of an ISO date, as business_hours.day_of_week stores it. */
export function dayOfWeek(date: string): DayOfWeek {
  return DAYS_OF_WEEK[weekdayIndex(checkDate(date))]!;
}

/** The seven dates, Monday first, of the week that contains `date`. */
export function weekOf(date: string): string[] {
  const monday = addDays(checkDate(date), -weekdayIndex(date));
  return DAYS_OF_WEEK.map((_, offset) => addDays(monday, offset));
}

/**
 * The one HH:MM normaliser, for a clock time as typed (`9`, `09`, `9:30`, `14:00`, `2pm`, `9:30am`,
 * `12am` for midnight) and as a backend returns it (ours `09:30`, PostgreSQL's own text `09:30:00`).
 * The practice's clock counts minutes, so seconds are dropped.
 */
export function parseTimeOfDay(text: string): string {
  const match = /^(\d{1,2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:\s*([ap])m)?$/.exec(text.trim().toLowerCase());
  if (match === null) throw new InvalidInputError(`${TIME_FORM}; got '${text}'`);
  const [, hourText, minuteText = '0', secondText = '0', meridiem] = match;
  let hour = Number(hourText);
  const minute = Number(minuteText);
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) throw new InvalidInputError(`${TIME_FORM}; got '${text}' (with am/pm the hour is 1-12)`);
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || Number(secondText) > 59) throw new InvalidInputError(`${TIME_FORM}; got '${text}'`);
  return formatClock(hour * 60 + minute);
}

/**
 * `time` moved by `minutes`, e.g. an end time from a start and a service's duration. Refuses to leave
 * the day: an appointment ends on the day it starts, and 24:00 is not a time the service returns.
 */
export function addMinutes(time: string, minutes: number): string {
  if (!Number.isInteger(minutes)) throw new InvalidInputError(`expected a whole number of minutes; got ${minutes}`);
  const total = minutesOfDay(time) + minutes;
  if (total < 0 || total >= MINUTES_PER_DAY) {
    throw new InvalidInputError(`${time} ${minutes < 0 ? 'minus' : 'plus'} ${Math.abs(minutes)} minutes leaves the day; times run from 00:00 to 23:59`);
  }
  return formatClock(total);
}

/**
 * One day's opening hours as typed for `hours set`: comma-separated `open-close` intervals in any
 * form parseTimeOfDay accepts, or `closed` for none. Sorted by opening time; an interval must close
 * after it opens, and intervals may touch (12:00-13:00,13:00-17:00) but not overlap, as the service
 * refuses overlapping rows.
 */
export function parseHoursSpec(spec: string): OpeningInterval[] {
  const input = spec.trim().toLowerCase();
  if (input === 'closed') return [];
  const intervals = input.split(',').map((part) => {
    const match = /^([^-]+)-([^-]+)$/.exec(part.trim());
    if (match === null) throw new InvalidInputError(`${HOURS_FORM}; got '${spec}'`);
    const open_time = timeInSpec(match[1]!, spec);
    const close_time = timeInSpec(match[2]!, spec);
    if (close_time <= open_time) {
      throw new InvalidInputError(`${HOURS_FORM}; ${open_time}-${close_time} closes before it opens`);
    }
    return { open_time, close_time };
  });
  intervals.sort((a, b) => a.open_time.localeCompare(b.open_time));
  for (let i = 1; i < intervals.length; i++) {
    const [previous, next] = [intervals[i - 1]!, intervals[i]!];
    if (next.open_time < previous.close_time) {
      throw new InvalidInputError(
        `${HOURS_FORM}; ${previous.open_time}-${previous.close_time} overlaps ${next.open_time}-${next.close_time}`,
      );
    }
  }
  return intervals;
}

const WEEKDAY_NAMES = new Map<string, number>(
  DAYS_OF_WEEK.flatMap((name, index) => [
    [name, index],
    [name.slice(0, 3), index],
  ]),
);

function timeInSpec(text: string, spec: string): string {
  try {
    return parseTimeOfDay(text);
  } catch {
    throw new InvalidInputError(`${HOURS_FORM}; '${text.trim()}' in '${spec}' is not a time`);
  }
}

/** An ISO date as given, or InvalidInputError when it is malformed or not in the calendar (2026-02-30). */
function checkDate(date: string): string {
  if (!ISO_DATE.test(date)) throw new InvalidInputError(`expected a date as YYYY-MM-DD like 2026-11-23; got '${date}'`);
  // A lenient parse rolls 2026-02-30 over to 2026-03-02, so a date is real only if it survives the trip.
  if (dayjs.utc(date).format('YYYY-MM-DD') !== date) {
    throw new InvalidInputError(`${date} is not a day in the calendar; ${DATE_FORM}`);
  }
  return date;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const result = dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
  if (!ISO_DATE.test(result)) throw new InvalidInputError(`${DATE_FORM}; the day is out of range`);
  return result;
}

/** How many calendar days `to` is after `from` (negative when before). */
export function daysBetween(from: string, to: string): number {
  return dayjs.utc(checkDate(to)).diff(dayjs.utc(checkDate(from)), 'day');
}

/** Monday 0 .. Sunday 6, the order of DAYS_OF_WEEK (dayjs counts from Sunday). */
function weekdayIndex(date: string): number {
  return (dayjs.utc(date).day() + 6) % 7;
}

/** `HH:MM` as minutes since midnight. */
export function minutesOfDay(time: string): number {
  if (!TIME_OF_DAY.test(time)) throw new InvalidInputError(`expected a time as HH:MM like 09:30; got '${time}'`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes since midnight (0-1439) as `HH:MM`. */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
