// Property: for any opening hours of a day (split shifts, or closed) and any bookings on it (with
// buffers, in any status), `appt slots --step 5` (the database's free_time, migration 12, presented)
// lists exactly the starts on the five-minute grid where the service fits by the oracle below, and
// the service agrees: a listed start books, piped and without --yes, and a start not listed is
// refused as outside the hours (or a closed day) or as an overlap. Minute by minute, with closures and
// two practices, the SQL functions meet an oracle in test/server/answers-free-slots.test.ts.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatClock } from '../../src/model/when.js';
import { caller, type Caller } from '../helpers/fixtures.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli();
let rest: Caller;
let client: string;

// Mondays far ahead, one a run: 2030-03-04 is a Monday.
const FIRST_MONDAY = '2030-03-04';
const GRID = 5;
// Hours and bookings fall between 06:00 and 22:00 on the grid; a visit of up to two hours then ends on the day.
const EARLIEST = 6 * 60 / GRID;
const LATEST = 22 * 60 / GRID;

interface Case {
  /** Cut points, paired into non-overlapping shifts (an odd one left over is dropped). */
  cuts: number[];
  bookings: Array<{ start: number; length: number; buffer: number; status: string }>;
  service: { duration: number; buffer: number };
  /** Which starts to try against the service: indices into the listed and the unlisted ones. */
  listed: number;
  unlisted: number[];
}

const gridTime = (units: number) => formatClock(units * GRID);

const aCase: fc.Arbitrary<Case> = fc.record({
  cuts: fc.uniqueArray(fc.integer({ min: EARLIEST, max: LATEST }), { maxLength: 6 }).map((cuts) => cuts.sort((a, b) => a - b)),
  bookings: fc.array(fc.record({
    start: fc.integer({ min: EARLIEST, max: LATEST - 1 }),
    length: fc.integer({ min: 1, max: 24 }),
    buffer: fc.integer({ min: 0, max: 6 }),
    status: fc.constantFrom('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'),
  }), { maxLength: 6 }),
  service: fc.record({ duration: fc.integer({ min: 1, max: 24 }), buffer: fc.integer({ min: 0, max: 6 }) }),
  listed: fc.nat(),
  unlisted: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
});

/** Minutes of the day [start, end) that one booking keeps from others. */
type Span = [number, number];

/** The plain definition, minute by minute: inside one shift, and with its buffer clear of every blocking booking with its own. */
function bookable(start: number, shifts: readonly Span[], blocking: readonly Span[], { duration, buffer }: { duration: number; buffer: number }): boolean {
  const end = start + duration;
  return shifts.some(([open, close]) => open <= start && end <= close) && blocking.every(([from, to]) => end + buffer <= from || to <= start);
}

/** One run: a Monday set up through the REST API, then its slots, then bookings through the CLI. */
async function check(run: number, { cuts, bookings, service, listed, unlisted }: Case): Promise<Set<string>> {
  const date = addDays(FIRST_MONDAY, 7 * run);
  const shifts: Span[] = [];
  for (let index = 0; index + 1 < cuts.length; index += 2) shifts.push([cuts[index]! * GRID, cuts[index + 1]! * GRID]);
  expect((await rest.delete('/business_hours?day_of_week=eq.monday')).status).toBe(204);
  for (const [open, close] of shifts) {
    expect((await rest.post('/business_hours', { day_of_week: 'monday', open_time: formatClock(open), close_time: formatClock(close) })).status).toBe(201);
  }
  // Bookings the service refuses (they overlap an earlier one) are simply not there.
  const blocking: Span[] = [];
  for (const booking of bookings) {
    const [start, end] = [booking.start * GRID, (booking.start + booking.length) * GRID];
    const body = { date, start_time: formatClock(start), end_time: formatClock(end), client_id: client, status: booking.status, buffer_minutes: booking.buffer * GRID };
    const stored = await rest.post('/appointments', body);
    expect([201, 409]).toContain(stored.status);
    if (stored.status === 201 && !['cancelled', 'no_show'].includes(booking.status)) blocking.push([start, end + booking.buffer * GRID]);
  }
  const length = { duration: service.duration * GRID, buffer: service.buffer * GRID };
  const name = `Service ${run}`;
  expect((await rest.post('/service_menu', { name, duration: length.duration, price: 50, buffer_minutes: length.buffer })).status).toBe(201);

  const answer = await home.run(['appt', 'slots', '--date', date, '--service', name, '--step', String(GRID), '--json']);
  expect(answer.code, answer.stderr).toBe(0);
  const slots: string[] = JSON.parse(answer.stdout).days[0].slots.map((slot: { start: string }) => slot.start);

  // Exactly the bookable starts of the grid, edges included.
  const grid = Array.from({ length: (24 * 60 - length.duration) / GRID }, (_, index) => index * GRID);
  expect(slots).toEqual(grid.filter((start) => bookable(start, shifts, blocking, length)).map(formatClock));

  // And the service agrees: unlisted starts are refused first (they change nothing), then a listed one books.
  const refusals = new Set<string>();
  const others = grid.map(formatClock).filter((start) => !slots.includes(start) && start >= gridTime(EARLIEST) && start <= gridTime(LATEST));
  const book = (start: string) => home.run(['appt', 'add', '--client', client, '--service', name, '--date', date, '--start', start]);
  for (const pick of others.length === 0 ? [] : unlisted) {
    const start = others[pick % others.length]!;
    const refused = await book(start);
    expect(refused.code, `${start} is not listed, yet it was booked`).not.toBe(0);
    const reason = /outside business hours|a closed day|Overlaps appointment/.exec(refused.stderr)?.[0];
    expect(reason, refused.stderr).toBeDefined();
    refusals.add(reason === 'Overlaps appointment' ? 'overlap' : 'hours');
  }
  if (slots.length > 0) {
    const start = slots[listed % slots.length]!;
    const booked = await book(start);
    expect(booked.code, `${start} is listed: ${booked.stderr}`).toBe(0);
  }
  return refusals;
}

beforeAll(async () => {
  const { session } = (await home.readConfig()).profiles.test;
  rest = caller(server, { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' });
  client = (await createWithApi(home, 'clients', { name: 'Ann Lee' })).id;
  // Hours on another day, so a Monday without any is a closed day rather than a practice without hours.
  expect((await rest.post('/business_hours', { day_of_week: 'sunday', open_time: '10:00', close_time: '12:00' })).status).toBe(201);
});

describe('appt slots', () => {
  it('lists exactly the starts the service accepts, for any hours and bookings', async () => {
    let run = 0;
    const refusals = new Set<string>();
    const each = async (one: Case) => (await check(run++, one)).forEach((reason) => refusals.add(reason));
    // First a day that surely meets both refusals at the edges: shifts 09:00-12:00 and 13:00-15:00, a
    // 10:00-10:30 booking with 15 minutes of buffer, a 30-minute service with 10 of its own.
    await each({
      cuts: [108, 144, 156, 180],
      bookings: [{ start: 120, length: 6, buffer: 3, status: 'scheduled' }],
      service: { duration: 6, buffer: 2 },
      listed: 5, // 10:45, where the buffer ends, after 09:00-09:20
      unlisted: [0, 36], // 06:00 (before opening), then 09:25 (its own buffer runs into 10:00)
    });
    expect(refusals).toEqual(new Set(['hours', 'overlap']));
    await fc.assert(fc.asyncProperty(aCase, each), { numRuns: 20 });
  }, 300_000);
});
