// When the practice is free, and where a booking of a given length fits: each day's opening hours
// minus what the bookings occupy. A booking occupies [start, end + its buffer), the overlap rule of
// the service (migration 4), so a new booking needs its own buffer free after it too, though not
// inside the hours: the hours bound the visit, the buffer only keeps others out. Pure: the hours,
// the bookings and the earliest start are arguments, and times are minutes on the practice's clock.
import { addDays, dayOfWeek, type DayOfWeek, formatClock, minutesOfDay } from './when.js';

/** A business_hours row (the service may write 09:00:00; only HH:MM counts). */
export interface WeeklyHours {
  day_of_week: string;
  open_time: string;
  close_time: string;
}

/** An appointment that blocks its time: any not cancelled or no_show. */
export interface Occupying {
  date: string;
  start_time: string;
  end_time: string;
  buffer_minutes: number;
}

/** What a booking needs: its minutes, the buffer kept free after it, and the grid its starts are offered on. */
export interface BookingLength {
  duration: number;
  buffer: number;
  step: number;
}

export interface FreeTimeInput {
  /** The days asked about, in order. */
  days: readonly string[];
  /** The weekly hours; none at all means every day is open from 00:00 to 23:59 (no opinion, as `appt add`). */
  hours: readonly WeeklyHours[];
  /** Everything that may block: bookings of the days asked about and the days either side. */
  booked: readonly Occupying[];
  /** Now on the practice's clock, `YYYY-MM-DD HH:MM`: nothing earlier is free. */
  notBefore: string;
}

/** From `start` up to `end` on one day, both HH:MM. */
export interface Span {
  start: string;
  end: string;
}

export interface DayAvailability {
  date: string;
  day_of_week: DayOfWeek;
  /** No opening hours on this day of the week. */
  closed: boolean;
  /** The free time inside the hours, from now on. */
  free: Span[];
  /** With a length: each start where it fits, and the end of that visit; else absent. */
  slots?: Span[];
}

const DAY = 24 * 60;
const LAST_MINUTE = DAY - 1;

/** Free time on one timeline of minutes since 1970-01-01 on the practice's clock, so buffers cross midnight as in the service. */
interface Window {
  /** Where the opening interval it lies in opens and closes. */
  opens: number;
  closes: number;
  start: number;
  end: number;
  /** Where the next booking starts, even past closing: the buffer of a visit must end by then. */
  roomUntil: number;
  /** The window starts at now rather than at an opening or the end of a booking, so its start is no edge worth offering. */
  startsNow: boolean;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / (DAY * 60_000));
const minuteOf = (date: string, time: string) => dayNumber(date) * DAY + minutesOfDay(time.slice(0, 5));

/** Each day of `input.days`, with its free time and, given a length, its slots. */
export function availability(input: FreeTimeInput, length?: BookingLength): DayAvailability[] {
  const busy = occupied(input.booked);
  const notBefore = minuteOf(input.notBefore.slice(0, 10), input.notBefore.slice(11));
  return input.days.map((date) => {
    const day_of_week = dayOfWeek(date);
    const opening = openingOf(input.hours, day_of_week);
    const base = dayNumber(date) * DAY;
    const windows = opening.flatMap(([opens, closes]) => freeWindows(base + opens, base + closes, busy, notBefore));
    const span = (start: number, end: number): Span => ({ start: formatClock(start - base), end: formatClock(end - base) });
    const day: DayAvailability = { date, day_of_week, closed: opening.length === 0, free: windows.map((window) => span(window.start, window.end)) };
    if (length) day.slots = windows.flatMap((window) => startsIn(window, length).map((start) => span(start, start + length.duration)));
    return day;
  });
}

/** The days from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  return days;
}

/** The opening intervals of a day of the week as minutes of the day, in order. */
function openingOf(hours: readonly WeeklyHours[], day: DayOfWeek): Array<[number, number]> {
  if (hours.length === 0) return [[0, LAST_MINUTE]];
  return hours
    .filter((row) => row.day_of_week === day)
    .map((row): [number, number] => [minutesOfDay(row.open_time.slice(0, 5)), minutesOfDay(row.close_time.slice(0, 5))])
    .sort((a, b) => a[0] - b[0]);
}

/** What the bookings occupy, each [start, end + buffer), sorted and merged where they touch or overlap. */
function occupied(booked: readonly Occupying[]): Array<[number, number]> {
  const spans = booked
    .map((row): [number, number] => [minuteOf(row.date, row.start_time), minuteOf(row.date, row.end_time) + row.buffer_minutes])
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The free windows of one opening interval [opens, closes), none before `notBefore`. */
function freeWindows(opens: number, closes: number, busy: ReadonlyArray<[number, number]>, notBefore: number): Window[] {
  const windows: Window[] = [];
  let cursor = Math.max(opens, notBefore);
  let startsNow = notBefore > opens;
  for (const [start, end] of busy) {
    if (end <= cursor) continue;
    if (start >= closes) {
      if (cursor < closes) windows.push({ opens, closes, start: cursor, end: closes, roomUntil: start, startsNow });
      return windows;
    }
    if (start > cursor) windows.push({ opens, closes, start: cursor, end: start, roomUntil: start, startsNow });
    cursor = end;
    startsNow = false;
  }
  if (cursor < closes) windows.push({ opens, closes, start: cursor, end: closes, roomUntil: Infinity, startsNow });
  return windows;
}

/**
 * The starts a booking of `length` has in `window`: the window's start when it is an edge (an
 * opening, the end of a booking and its buffer), then every `step` minutes counted from the
 * opening, as long as the visit ends by closing and its buffer before the next booking.
 */
function startsIn(window: Window, { duration, buffer, step }: BookingLength): number[] {
  const last = Math.min(window.closes - duration, window.roomUntil - duration - buffer);
  const starts: number[] = [];
  if (!window.startsNow && window.start <= last) starts.push(window.start);
  const firstOnGrid = window.opens + Math.ceil((window.start - window.opens) / step) * step;
  for (let start = firstOnGrid; start <= last; start += step) if (start !== starts[0]) starts.push(start);
  return starts;
}
