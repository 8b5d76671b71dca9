// bench/server's booking case (issue 31.8): the public free-starts call of a booking page, as a
// stranger sends it (anon key, GET rpc/booking_free_starts for one day), beside the practice's plain
// list of that same day, at 16 connections, in alternating slices (the machine is shared): within
// 1.5x of the plain list's time per request. Run by run.ts on PGlite.
import { combineSlices, runLoad, type LoadResult } from './wrk.js';

const CONNECTIONS = 16;
/** The free starts may cost at most this many times the plain day list's time per request. */
const GOAL = 1.5;
const ROUNDS = 5;
// A day ahead of the bench's clock, inside the seeded appointments and the page's horizon.
const DAYS_AHEAD = 7;

interface Target {
  url: string;
  anonKey: string;
}

interface BookingRow {
  store: string;
  connections: number;
  result: LoadResult;
  ceiling: null;
  goal: string;
  met: boolean;
}

/** The practice's booking page over its seeded calendar, then the two requests measured in turn. */
export async function bookingRows(server: Target, therapist: Record<string, string>, seconds: number): Promise<BookingRow[]> {
  const rest = `${server.url}/rest/v1`;
  const [service] = (await (await fetch(`${rest}/service_menu?select=id&limit=1`, { headers: therapist })).json()) as Array<{ id: string }>;
  const slug = `bench-${process.pid}`;
  const page = await fetch(`${rest}/booking_pages`, {
    method: 'POST', headers: { ...therapist, 'content-type': 'application/json' },
    body: JSON.stringify({ slug, time_zone: 'UTC', notice_minutes: 0, horizon_days: 60 }),
  });
  if (page.status !== 201) throw new Error(`making the booking page: ${page.status} ${await page.text()}`);
  const day = new Date(Date.now() + DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  const stranger = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` };
  const freeStarts = `${rest}/rpc/booking_free_starts?slug=${slug}&service_id=${service!.id}&from_day=${day}&to_day=${day}`;
  const starts = (await (await fetch(freeStarts, { headers: stranger })).json()) as unknown[];
  if (!Array.isArray(starts) || starts.length === 0) throw new Error(`no free starts on ${day}: ${JSON.stringify(starts)}`);
  const slice = (url: string, headers: Record<string, string>) => runLoad({
    url, headers, connections: CONNECTIONS, warmupSeconds: 1, seconds: Math.max(1, Math.round(seconds / ROUNDS)),
  });
  const plain: LoadResult[] = [];
  const free: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await slice(`${rest}/appointments?date=eq.${day}&order=start_time.asc`, therapist));
    free.push(await slice(freeStarts, stranger));
  }
  const [list, call] = [combineSlices(plain), combineSlices(free)];
  const slower = list.rps / call.rps;
  return [
    { store: 'pglite day list', connections: CONNECTIONS, result: list, ceiling: null, goal: 'baseline of free starts', met: list.errors === 0 },
    { store: 'pglite free starts', connections: CONNECTIONS, result: call, ceiling: null, goal: `<= ${GOAL}x day list (${slower.toFixed(2)}x)`, met: call.errors === 0 && slower <= GOAL },
  ];
}
