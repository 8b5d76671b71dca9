// `practice appt add --repeat weekly --count 52` (expand the rule, check hours and overlaps, one bulk
// insert) beside the plain bulk POST of the same 52 rows by a script (bulk-post.mjs), measured in the
// same run, in a practice with about 1,500 other appointments. Goal: the series within 2x.
//
//   npm run build && node bench/series/run.mjs [--runs 10]     (or: npm run bench:series)
//
// Both run as processes of their own, alternating, after one warm-up each; the medians are compared.
// Each run books other times (a slot of its own), so nothing conflicts and every run does the work.
// The warm-ups go through a proxy that counts the requests; the timed runs talk to the service
// directly, since the proxy's own cost per request (a new upstream connection) would be charged to the
// side that makes more requests.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternating, judge, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BULK = join(ROOT, 'bench', 'series', 'bulk-post.mjs');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const GOAL = 2;
const FIRST_DAY = Date.UTC(2030, 0, 7); // a Monday
const DAY_MS = 24 * 60 * 60 * 1000;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-series-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };
const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Slot k of the bench: a weekday and an hour no other run uses, 30 minutes long. */
function slot(k) {
  const start = (k % 20) * 60;
  return { date: new Date(FIRST_DAY + Math.floor(k / 20) * DAY_MS).toISOString().slice(0, 10), start: clock(start), end: clock(start + 30) };
}

/** The practice's other bookings: two a day at 20:00 and 21:00 over two years, where no slot falls. */
async function seed(service, token, clientId) {
  const rows = Array.from({ length: 2 * 730 }, (_, i) => ({
    client_id: clientId, date: new Date(FIRST_DAY + Math.floor(i / 2) * DAY_MS).toISOString().slice(0, 10),
    start_time: i % 2 ? '21:00' : '20:00', end_time: i % 2 ? '21:30' : '20:30',
  }));
  await postRows(service, token, 'appointments', rows);
  return rows.length;
}


const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'] });
const proxy = await countingProxy(service.url);
try {
  const { token } = await signUp(service.url, service.anon_key);
  const clientId = randomUUID();
  await postRows(service, token, 'clients', [{ id: clientId, name: 'Ann Lee' }]);
  console.log(`Seeded ${await seed(service, token, clientId)} other appointments\n`);

  let next = 0;
  const series = (url) => {
    const { date, start, end } = slot(next++);
    return timed(proxy, { ...env, PRACTICE_URL: url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token },
      [BIN, 'appt', 'add', '--client', clientId, '--date', date, '--start', start, '--end', end, '--repeat', 'weekly', '--count', '52']);
  };
  const bulk = (url) => {
    const { date, start, end } = slot(next++);
    return timed(proxy, env, [BULK, `${url}/rest/v1`, service.anon_key, token, clientId, date, start, end]);
  };
  // Warm-up, counted: the service's prepared statements, the CLI's code cache.
  const warm = await series(proxy.url);
  const plain = await bulk(proxy.url);
  if (warm.stdout.trim().split('\n').length !== 52) throw new Error(`the series booked ${warm.stdout.trim().split('\n').length} appointments, not 52`);
  const medians = await alternating(RUNS, { bulk: () => bulk(service.url), series: () => series(service.url) });
  printCases(`case (median of ${RUNS} runs)`, [
    { name: 'one bulk POST of 52 appointments (node:http script)', ms: medians.bulk, requests: plain.requests },
    { name: 'practice appt add --repeat weekly --count 52', ms: medians.series, requests: warm.requests },
  ]);
  const ratio = medians.series / medians.bulk;
  console.log(`\nseries / bulk POST: ${ratio.toFixed(2)}x (both include Node's start-up; the series also the CLI's, rrule and its checks)`);
  judge(`<= ${GOAL}x`, ratio <= GOAL);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
