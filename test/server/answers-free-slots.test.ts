// The free-slot answer (migration 12) against an independent oracle, minute by minute: for any
// opening hours of a day (split shifts, or closed), closures and bookings (with buffers, in any
// status), free_slots at a step of one minute lists exactly the starts where a visit and its buffer
// fit, at any other step those on the grid from each opening plus the edges of the free time, and
// free_windows exactly the free minutes. Two practices share the day and the ids: each
// answer comes from the caller's rows alone. Called as `authenticated` with the JWT's claims, under
// row-level security, as the REST service calls it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeStartsQuery, NEXT_TAKEN_BY_EACH_BOOKING } from '../../src/server/db/migrations/0025/free-starts.js';
import { openTestDatabase, type TestDatabase } from '../helpers/store.js';

let store: TestDatabase;
beforeAll(async () => {
  store = await openTestDatabase();
  for (const practice of [A, B]) await store.db.query(`insert into public.clients (therapist_id, id, name) values ($1, $2, 'Ann Lee')`, [practice, CLIENT]);
});
afterAll(() => store.drop());

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const DAY = 24 * 60;

/** [start, end) in minutes of the day. */
type Span = [number, number];

interface Day {
  shifts: Span[];
  closures: Span[];
  bookings: Array<{ span: Span; buffer: number; status: string }>;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Sorted cut points paired into disjoint spans inside 06:00-22:00. */
const spans = (max: number) => fc.uniqueArray(fc.integer({ min: 360, max: 1320 }), { maxLength: max * 2 })
  .map((cuts) => cuts.sort((a, b) => a - b))
  .map((cuts) => Array.from({ length: Math.floor(cuts.length / 2) }, (_, index): Span => [cuts[2 * index]!, cuts[2 * index + 1]!]));

const aDay: fc.Arbitrary<Day> = fc.record({
  shifts: spans(3),
  closures: spans(1),
  // Buffers end by the next booking's start: the service refuses bookings that overlap.
  bookings: spans(4).chain((found) => fc.tuple(...found.map((span, index) => fc.record({
    span: fc.constant(span),
    buffer: fc.integer({ min: 0, max: Math.min(40, (found[index + 1]?.[0] ?? DAY) - span[1]) }),
    status: fc.constantFrom('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'),
  })))),
});

/** The caller's rows of `date`, written as the owner: the hours of every Monday, a closure, the bookings. */
async function writeDay(practice: string, date: string, day: Day): Promise<void> {
  await store.db.transaction(async (tx) => {
    await tx.query('delete from public.appointments where therapist_id = $1', [practice]);
    await tx.query('delete from public.business_hours where therapist_id = $1', [practice]);
    await tx.query('delete from public.closures where therapist_id = $1', [practice]);
    // Hours on Sunday too, so a Monday without shifts is a closed day, not a practice without hours.
    await tx.query(`insert into public.business_hours (therapist_id, day_of_week, open_time, close_time) values ($1, 'sunday', '10:00', '12:00')`, [practice]);
    for (const [open, close] of day.shifts) {
      await tx.query(`insert into public.business_hours (therapist_id, day_of_week, open_time, close_time) values ($1, 'monday', $2, $3)`, [practice, clock(open), clock(close)]);
    }
    for (const [start, end] of day.closures) {
      await tx.query('insert into public.closures (therapist_id, starts_at, ends_at) values ($1, $2, $3)', [practice, `${date} ${clock(start)}`, `${date} ${clock(end)}`]);
    }
    for (const { span: [start, end], buffer, status } of day.bookings) {
      await tx.query(`insert into public.appointments (therapist_id, date, start_time, end_time, client_id, status, buffer_minutes)
        values ($1, $2, $3, $4, $5, $6, $7)`, [practice, date, clock(start), clock(end), CLIENT, status, buffer]);
    }
  });
}

/** A query as `practice`'s signed-in therapist, under row-level security. */
function asPractice<Row>(practice: string, text: string, values: unknown[]): Promise<Row[]> {
  return store.db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: practice, role: 'authenticated' })]);
    return tx.query<Row>(text, values);
  });
}

/** The oracle, minute by minute: inside one shift less closures, and with its buffer clear of every blocking booking's. */
function bookable(start: number, day: Day, length: number, buffer: number): boolean {
  const end = start + length;
  const blocking = day.bookings.filter((booking) => !['cancelled', 'no_show'].includes(booking.status));
  return day.shifts.some(([open, close]) => open <= start && end <= close)
    && day.closures.every(([from, to]) => end <= from || to <= start)
    && blocking.every(({ span: [from, to], buffer: kept }) => end + buffer <= from || to + kept <= start);
}

/** Free minutes: open, not closed, not kept by a blocking booking. */
function free(minute: number, day: Day): boolean {
  return bookable(minute, { ...day, bookings: day.bookings }, 1, 0);
}

/** Minutes back into spans of HH:MM. */
function runs(minutes: readonly number[]): Array<{ start_time: string; end_time: string }> {
  const found: Array<{ start_time: string; end_time: string }> = [];
  let first: number | null = null;
  minutes.forEach((minute, index) => {
    first ??= minute;
    if (minutes[index + 1] !== minute + 1) {
      found.push({ start_time: clock(first), end_time: clock(minute + 1) });
      first = null;
    }
  });
  return found;
}

describe('free_slots and free_windows', () => {
  it('list exactly the minutes the oracle finds, each practice from its own rows', async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(aDay, aDay, fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 30 }), async (mine, theirs, length, buffer) => {
      // A Monday a run, far ahead, so nothing is in the past.
      const date = new Date(Date.UTC(2030, 2, 4 + 7 * run++)).toISOString().slice(0, 10);
      await writeDay(A, date, mine);
      await writeDay(B, date, theirs);
      for (const [practice, day] of [[A, mine], [B, theirs]] as const) {
        const slots = await asPractice<{ start_time: string }>(practice, 'select start_time from public.free_slots($1, $1, $2, $3, 1)', [date, length, buffer]);
        const minutes = Array.from({ length: DAY - length }, (_, minute) => minute);
        expect(slots.map((slot) => slot.start_time)).toEqual(minutes.filter((start) => bookable(start, day, length, buffer)).map(clock));
        const windows = await asPractice<{ start_time: string; end_time: string }>(practice, 'select start_time, end_time from public.free_windows($1, $1)', [date]);
        expect(windows).toEqual(runs(Array.from({ length: DAY }, (_, minute) => minute).filter((minute) => free(minute, day))));
      }
    }), { numRuns: 25 });
  }, 120_000);

  it('at any step, lists the bookable starts on the grid from each opening, and where each free window starts', async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(aDay, fc.integer({ min: 1, max: 90 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 2, max: 60 }), async (day, length, buffer, step) => {
      const date = new Date(Date.UTC(2031, 2, 3 + 7 * run++)).toISOString().slice(0, 10);
      await writeDay(A, date, day);
      const slots = await asPractice<{ start_time: string }>(A, 'select start_time from public.free_slots($1, $1, $2, $3, $4)', [date, length, buffer, step]);
      // An edge: a free minute after one that is not (an opening, the end of a closure or of a booking with its buffer).
      const edge = (minute: number) => free(minute, day) && !free(minute - 1, day);
      const onGrid = (minute: number) => day.shifts.some(([open, close]) => open <= minute && minute < close && (minute - open) % step === 0);
      const minutes = Array.from({ length: DAY - length }, (_, minute) => minute);
      expect(slots.map((slot) => slot.start_time)).toEqual(minutes.filter((start) => bookable(start, day, length, buffer) && (edge(start) || onGrid(start))).map(clock));
    }), { numRuns: 25 });
  }, 120_000);

  it('offers the edges between grid points, and nothing before not_before', async () => {
    const date = '2030-01-07';
    const day: Day = { shifts: [[540, 720]], closures: [[600, 610]], bookings: [{ span: [660, 677], buffer: 3, status: 'scheduled' }] };
    await writeDay(A, date, day);
    const at = (step: number, notBefore: string | null) => asPractice<{ start_time: string }>(A,
      'select start_time from public.free_slots($1, $1, 30, 0, $2, $3)', [date, step, notBefore]).then((rows) => rows.map((row) => row.start_time));
    // The grid from 09:00 every 30 minutes, 10:10 where the closure ends, 11:20 where the booking's buffer ends.
    expect(await at(30, null)).toEqual(['09:00', '09:30', '10:10', '10:30', '11:20', '11:30']);
    // Now (09:07) is not an edge worth offering; the next grid point is.
    expect(await at(30, `${date} 09:07`)).toEqual(['09:30', '10:10', '10:30', '11:20', '11:30']);
  });
});

describe('free_slots over several days (migration 29)', () => {
  // Migration 29 finds the booking after each free window in one pass rather than per window; over
  // days whose bookings and buffers run past midnight it must answer as migration 25's per-window
  // form, kept here as a function of the test's own to compare with.
  const PER_WINDOW = 'free_slots_per_window';
  beforeAll(async () => {
    const args = { practice: 'practice', dayFrom: 'day_from', dayTo: 'day_to', notBefore: 'not_before', lengthMinutes: 'length_minutes', bufferAfter: 'buffer_after', stepMinutes: 'step_minutes' };
    await store.db.exec(`create function public.${PER_WINDOW}(day_from date, day_to date, length_minutes integer, buffer_after integer, step_minutes integer, not_before timestamp)
      returns table (day date, start timestamp) language plpgsql stable security invoker as $$
      declare practice uuid := auth.uid();
      begin return query select slot.day, slot.start from (${freeStartsQuery(args, NEXT_TAKEN_BY_EACH_BOOKING)}) as slot order by slot.start; end $$;
      grant execute on function public.${PER_WINDOW} to authenticated;`);
  });

  /** A booking on one of three days, at any minute: it may end late, and its buffer run into the next day. */
  const aBooking = fc.record({
    day: fc.integer({ min: 0, max: 2 }),
    start: fc.integer({ min: 0, max: DAY - 30 }),
    length: fc.integer({ min: 5, max: 180 }),
    buffer: fc.integer({ min: 0, max: 600 }),
    status: fc.constantFrom('scheduled', 'confirmed', 'cancelled'),
  }).filter(({ start, length }) => start + length < DAY);

  it('answers as the per-window form, whatever crosses midnight', async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(aBooking, { maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 5, max: 60 }),
      fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 3 }), fc.option(fc.integer({ min: 0, max: 3 * DAY }), { nil: null }),
      async (bookings, hours, length, buffer, step, firstDay, days, notBeforeMinute) => {
        // Three days from a Monday far ahead, a run each.
        const monday = Date.UTC(2032, 0, 5 + 7 * run++);
        const date = (offset: number) => new Date(monday + offset * DAY * 60_000).toISOString().slice(0, 10);
        await store.db.transaction(async (tx) => {
          for (const table of ['appointments', 'business_hours', 'closures']) await tx.query(`delete from public.${table} where therapist_id = $1`, [A]);
          // With hours: split shifts that run to 23:59; without: every day is open all day.
          if (hours) {
            for (const day of ['monday', 'tuesday', 'wednesday']) {
              await tx.query(`insert into public.business_hours (therapist_id, day_of_week, open_time, close_time) values ($1, $2, '07:00', '12:00'), ($1, $2, '13:00', '23:59')`, [A, day]);
            }
          }
          // Kept apart as the service keeps them: a booking that overlaps one kept, with their buffers, is left out.
          const kept: Array<[number, number]> = [];
          for (const booking of bookings) {
            const from = booking.day * DAY + booking.start;
            const to = from + booking.length + booking.buffer;
            if (booking.status !== 'cancelled' && kept.some(([start, end]) => from < end && start < to)) continue;
            if (booking.status !== 'cancelled') kept.push([from, to]);
            await tx.query(`insert into public.appointments (therapist_id, date, start_time, end_time, client_id, status, buffer_minutes)
              values ($1, $2, $3, $4, $5, $6, $7)`, [A, date(booking.day), clock(booking.start), clock(booking.start + booking.length), CLIENT, booking.status, booking.buffer]);
          }
        });
        const [from, to] = [date(firstDay), date(Math.min(2, firstDay + days - 1))];
        const notBefore = notBeforeMinute === null ? null : `${date(Math.floor(notBeforeMinute / DAY))} ${clock(notBeforeMinute % DAY)}`;
        const answer = (fn: string) => asPractice<{ day: string; start: string }>(A, `select day::text, start::text from public.${fn}($1, $2, $3, $4, $5, $6)`,
          [from, to, length, buffer, step, notBefore]);
        const slots = await asPractice<{ day: string; start: string }>(A, `select date::text as day, (date + start_time::time)::text as start from public.free_slots($1, $2, $3, $4, $5, $6)`,
          [from, to, length, buffer, step, notBefore]);
        expect(slots).toEqual(await answer(PER_WINDOW));
      }), { numRuns: 40 });
  }, 120_000);
});
