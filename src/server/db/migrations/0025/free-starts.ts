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

/** The start of the first booking after a free window, as migration 25 found it: a subquery per window testing each booking. */
export const NEXT_TAKEN_BY_EACH_BOOKING = '(select min(lower(taken)) from unnest(busy.ranges) as taken where lower(taken) >= upper(free))';

/**
 * The same start as one multirange expression (migration 26): the bookings from the window's end on,
 * their lower bound (no booking straddles a window's end: the windows are what the bookings leave).
 * Without a subquery per window, the booking page's free starts cost ~15% less (bench/server, issue 31.8).
 */
export const NEXT_TAKEN_BY_RANGE = 'lower(busy.ranges * tsmultirange(tsrange(upper(free), null)))';

/**
 * Each free window of the days asked about (day, origin: its opening's start, from which the grid
 * counts; opens, closes; edge: whether it starts for a reason other than now; next_taken: the start of
 * the first booking after it, null when none), for a body with `busy` when `reach` (in minutes) says
 * how far past a day a visit and its buffer may run: bookings further on cannot touch it.
 */
const windows = (a: FreeTimeArguments, reach: string, nextTaken = NEXT_TAKEN_BY_EACH_BOOKING) => `
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
  )
  select openings.day, lower(openings.opening) as origin, lower(free) as opens, upper(free) as closes,
    ${a.notBefore} is null or lower(free) <> ${a.notBefore} or lower(free) = lower(openings.opening) as edge,
    ${nextTaken} as next_taken
  from openings, busy, closed, unnest(tsmultirange(openings.opening) - closed.ranges - busy.ranges) as free`;

/** The free windows (day, opens, closes) from dayFrom to dayTo, in order. */
export const freeWindowsQuery = (a: FreeTimeArguments) => `
  select free.day, free.opens, free.closes from (${windows(a, '0')}
  ) as free
  order by free.opens`;

/**
 * Each start (day, start: local) where a visit of lengthMinutes fits with bufferAfter kept free after it:
 * every stepMinutes from the opening, and each edge of the free time (an opening, the end of a booking
 * and its buffer, the end of a closure; not now), inside one free window, the buffer clear of the next
 * booking. Unordered.
 */
export const freeStartsQuery = (a: FreeStartsArguments, nextTaken = NEXT_TAKEN_BY_EACH_BOOKING) => {
  const visit = `${a.lengthMinutes} * interval '1 minute'`;
  const step = `${a.stepMinutes} * interval '1 minute'`;
  return `
  with fits as (
    -- The latest start of each window: the visit inside it, its buffer clear of the next booking.
    select free.day, free.origin, free.opens, free.edge,
      least(free.closes - ${visit}, free.next_taken - (${a.lengthMinutes} + ${a.bufferAfter}) * interval '1 minute') as last_start
    from (${windows(a, `${a.lengthMinutes} + ${a.bufferAfter}`, nextTaken)}
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
