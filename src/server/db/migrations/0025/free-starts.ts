// The free time and the starts where a visit fits, as one set-based query pasted into each plpgsql
// body that needs it (issue 31.8): free_windows, free_slots and the public booking_free_starts, which
// before called free_slots and parsed its text back into times. The same answers as migrations 12 and
// 20 (their tests hold), for less work per call: the bookings of the neighbouring days are read only
// when their buffer or the visit could reach them, each free window finds the booking after it once
// (not each start), and a window's starts come from one series that stops where the visit and its
// buffer no longer fit, instead of every grid point tested against every booking.
import { BLOCKS_WHILE_HELD } from '../0020/requested-status.js';

/** The SQL expressions (plpgsql variables, mostly) a body gives the query. */
export interface FreeTimeArguments {
  /** The practice: auth.uid(), or the booking page's practice. */
  practice: string;
  dayFrom: string;
  dayTo: string;
  /** A local timestamp before which nothing is free (now, plus a page's notice), or null. */
  notBefore: string;
}

export interface FreeStartsArguments extends FreeTimeArguments {
  lengthMinutes: string;
  bufferAfter: string;
  stepMinutes: string;
}

// A practice with no hours has no opinion and is open 00:00-23:59 every day (DESIGN.md section 3).
const WEEKDAYS = `(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])`;

/**
 * The free windows of the days asked about, each with the start of the first booking after it
 * (below), for `reach` (in minutes): how far past a day a visit and its buffer may run.
 */
export type WindowsQuery = (a: FreeTimeArguments, reach: string) => string;

/**
 * What the free time is made of, as the start of a query's WITH list: the bookings (busy, one
 * multirange) and closures (closed) of the days asked about, and their openings, when `reach` (in
 * minutes) says how far past a day a visit and its buffer may run: bookings further on cannot touch it.
 */
const freeTimeSources = (a: FreeTimeArguments, reach: string) => `
  with busy as (
    select coalesce(range_agg(tsrange(booked."date" + booked.start_time, booked."date" + booked.end_time + booked.buffer_minutes * interval '1 minute')), '{}'::tsmultirange) as ranges
    from public.appointments as booked
    where booked.therapist_id = ${a.practice} and booked."date" between ${a.dayFrom} - 1 and ${a.dayTo} + 1
      -- The day before counts only where its end and buffer run past midnight; the day after only
      -- where it starts early enough for a visit of the last day to reach it.
      and (booked."date" >= ${a.dayFrom} or booked."date" + booked.end_time + booked.buffer_minutes * interval '1 minute' > ${a.dayFrom})
      and (booked."date" <= ${a.dayTo} or booked."date" + booked.start_time < ${a.dayTo} + 1 + (${reach}) * interval '1 minute')
      and ${BLOCKS_WHILE_HELD}
  ), closed as (
    select coalesce(range_agg(tsrange(closure.starts_at, closure.ends_at)), '{}'::tsmultirange)
      + case when ${a.notBefore} is null then '{}'::tsmultirange else tsmultirange(tsrange(null, ${a.notBefore})) end as ranges
    from public.closures as closure
    where closure.therapist_id = ${a.practice} and closure.starts_at < ${a.dayTo} + 1 and closure.ends_at > ${a.dayFrom}::timestamp
  ), days as (
    select one_day::date as day, exists (select from public.business_hours as hours where hours.therapist_id = ${a.practice}) as hours_set
    from generate_series(${a.dayFrom}, ${a.dayTo}, interval '1 day') as one_day
  ), openings as (
    select days.day, tsrange(days.day + hours.open_time, days.day + hours.close_time) as opening
    from days join public.business_hours as hours
      on days.hours_set and hours.therapist_id = ${a.practice} and hours.day_of_week = ${WEEKDAYS}[extract(isodow from days.day)]
    union all
    select days.day, tsrange(days.day, days.day + time '23:59') from days where not days.hours_set
  )`;

/**
 * Each free window (day, origin: its opening's start, from which the grid counts; opens, closes;
 * edge: whether it starts for a reason other than now), from the sources above.
 */
const windowColumns = (a: FreeTimeArguments) => `openings.day, lower(openings.opening) as origin, lower(free) as opens, upper(free) as closes,
    ${a.notBefore} is null or lower(free) <> ${a.notBefore} or lower(free) = lower(openings.opening) as edge`;
const FREE_WINDOWS = 'from openings, busy, closed, unnest(tsmultirange(openings.opening) - closed.ranges - busy.ranges) as free';

/** The windows, each with next_taken, the start of the first booking after it (null when none), by an expression per window. */
const windowsFindingNextBy = (a: FreeTimeArguments, reach: string, nextTaken: string) => `${freeTimeSources(a, reach)}
  select ${windowColumns(a)},
    ${nextTaken} as next_taken
  ${FREE_WINDOWS}`;

/** The start of the first booking after a free window, as migration 25 found it: a subquery per window testing each booking. */
export const NEXT_TAKEN_BY_EACH_BOOKING: WindowsQuery = (a, reach) =>
  windowsFindingNextBy(a, reach, '(select min(lower(taken)) from unnest(busy.ranges) as taken where lower(taken) >= upper(free))');

/**
 * The same start as one multirange expression (migration 26): the bookings from the window's end on,
 * their lower bound (no booking straddles a window's end: the windows are what the bookings leave).
 * Without a subquery per window, the booking page's free starts cost ~15% less (bench/server, issue 31.8).
 */
export const NEXT_TAKEN_BY_RANGE: WindowsQuery = (a, reach) =>
  windowsFindingNextBy(a, reach, 'lower(busy.ranges * tsmultirange(tsrange(upper(free), null)))');

/**
 * The same start found in one pass (migration 29): the windows' ends and the bookings' starts sorted
 * latest first, each window taking the least start met so far (a booking that starts where a window
 * ends sorts before it). Each of the two expressions above walks all the bookings of the range
 * asked about for every window. A month of bench/slots' practice (214 bookings, 158 windows):
 * free_slots 8.9 ms in PGlite per window, 3.1 ms in one pass, and over HTTP 1.82x -> 0.91x of a
 * plain read of the month; one day costs the same either way (0.70 against 0.72 ms).
 */
export const NEXT_TAKEN_IN_ONE_PASS: WindowsQuery = (a, reach) => `${freeTimeSources(a, reach)}, found as (
    select ${windowColumns(a)}
    ${FREE_WINDOWS}
  )
  select marks.day, marks.origin, marks.opens, marks.closes, marks.edge, marks.next_taken from (
    select marks.*, min(marks.taken) over (order by marks.at desc, marks.taken nulls last rows unbounded preceding) as next_taken
    from (
      select found.*, found.closes as at, null::timestamp as taken from found
      union all
      select null, null, null, null, null, lower(booked), lower(booked) from busy, unnest(busy.ranges) as booked
    ) as marks
  ) as marks
  where marks.closes is not null`;

/** The free windows (day, opens, closes) from dayFrom to dayTo, in order. */
export const freeWindowsQuery = (a: FreeTimeArguments) => `
  select free.day, free.opens, free.closes from (${NEXT_TAKEN_BY_EACH_BOOKING(a, '0')}
  ) as free
  order by free.opens`;

/**
 * Each start (day, start: local) where a visit of lengthMinutes fits with bufferAfter kept free after it:
 * every stepMinutes from the opening, and each edge of the free time (an opening, the end of a booking
 * and its buffer, the end of a closure; not now), inside one free window, the buffer clear of the next
 * booking. Unordered.
 */
export const freeStartsQuery = (a: FreeStartsArguments, windows: WindowsQuery = NEXT_TAKEN_BY_EACH_BOOKING) => {
  const visit = `${a.lengthMinutes} * interval '1 minute'`;
  const step = `${a.stepMinutes} * interval '1 minute'`;
  return `
  with fits as (
    -- The latest start of each window: the visit inside it, its buffer clear of the next booking.
    select free.day, free.origin, free.opens, free.edge,
      least(free.closes - ${visit}, free.next_taken - (${a.lengthMinutes} + ${a.bufferAfter}) * interval '1 minute') as last_start
    from (${windows(a, `${a.lengthMinutes} + ${a.bufferAfter}`)}
    ) as free
  )
  select fits.day, fits.opens as start from fits where fits.edge and fits.opens <= fits.last_start
  union all
  -- From the first grid point in the window (after its edge, which the row above gives).
  select fits.day, generate_series(
    fits.origin + (case when fits.edge then floor(extract(epoch from fits.opens - fits.origin) / 60 / ${a.stepMinutes}) + 1
      else ceil(extract(epoch from fits.opens - fits.origin) / 60 / ${a.stepMinutes}) end) * ${step},
    fits.last_start, ${step})
  from fits`;
};
