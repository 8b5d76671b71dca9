// The free slots of a month of a practice with 5,000 appointments, asked of the database through
// `POST /rest/v1/rpc/free_slots` (migration 12), beside one plain list read of that month's
// appointments (`GET /rest/v1/appointments?date=...`), over HTTP with keep-alive in the same run.
// Goal: the rpc within 1.0x of the read. Then `practice appt slots` beside `practice appt list` of the
// month, each a process of its own (start-up included), for the CLI's share.
//
//   npm run build && node bench/slots/run.mjs [--runs 10]     (or: npm run bench:slots)
//
// Cases alternate, after one warm-up each; the medians are compared.
// Requests are counted on the wire by a proxy in front of the service. The month is in the future,
// so none of it is cut away as past: every day is computed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternating, judge, median, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const APPOINTMENTS = 5_000;
const PER_DAY = 10;
const FIRST_DAY = Date.UTC(2030, 0, 1);
const [FROM, TO] = ['2030-06-01', '2030-06-30'];
const GOAL = 1.0;
const HTTP_RUNS = 50;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-slots-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };

const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Split shifts six days a week, and 10 bookings a day of 50 minutes, an hour apart (10 minutes of
 * buffer each) with gaps left here and there, from 2030-01-01 on: 5,000 of them, some cancelled.
 */
async function seed(service, token) {
  const [serviceId, ...clientIds] = Array.from({ length: 301 }, () => randomUUID());
  await postRows(service, token, 'clients', clientIds.map((id, i) => ({ id, name: `Client ${i}` })));
  await postRows(service, token, 'service_menu', [{ id: serviceId, name: 'Swedish 60', duration: 60, price: 80, buffer_minutes: 15 }]);
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  await postRows(service, token, 'business_hours', days.flatMap((day_of_week) => [
    { day_of_week, open_time: '08:00', close_time: '12:30' }, { day_of_week, open_time: '13:30', close_time: '20:00' },
  ]));
  const statuses = ['scheduled', 'confirmed', 'scheduled', 'cancelled', 'scheduled', 'no_show', 'confirmed'];
  await postRows(service, token, 'appointments', Array.from({ length: APPOINTMENTS }, (_, i) => {
    const start = 8 * 60 + (i % PER_DAY) * 70 + (i % 3) * 5;
    return {
      client_id: clientIds[i % clientIds.length], service_id: serviceId, buffer_minutes: 10,
      date: new Date(FIRST_DAY + Math.floor(i / PER_DAY) * 86_400_000).toISOString().slice(0, 10),
      start_time: clock(start), end_time: clock(start + 50), status: statuses[i % statuses.length],
    };
  }));
}

const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0', '--statement-timeout-authenticated', '120'] });
const proxy = await countingProxy(service.url);
try {
  const { token, userId } = await signUp(service.url, service.anon_key);
  const started = performance.now();
  await seed(service, token);
  console.log(`Seeded ${APPOINTMENTS} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  // Over HTTP, in this process: the database's answer against one plain read of the month's rows.
  const headers = { apikey: service.anon_key, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rest = `${service.url}/rest/v1`;
  const body = JSON.stringify({ day_from: FROM, day_to: TO, length_minutes: 60, buffer_after: 15, step_minutes: 15 });
  const rpc = async () => (await (await fetch(`${rest}/rpc/free_slots`, { method: 'POST', headers, body })).json()).length;
  const read = async () => (await (await fetch(`${rest}/appointments?date=gte.${FROM}&date=lte.${TO}&therapist_id=eq.${userId}&order=date.asc,start_time.asc`, { headers })).json()).length;
  const [slotCount, rowCount] = [await rpc(), await read()];
  const times = { rpc: [], read: [] };
  for (let round = 0; round < HTTP_RUNS; round++) {
    for (const [name, run] of [['read', read], ['rpc', rpc]]) {
      const at = performance.now();
      await run();
      times[name].push(performance.now() - at);
    }
  }
  printCases(`over HTTP (median of ${HTTP_RUNS})`, [
    { name: `GET /rest/v1/appointments of ${FROM}..${TO} (${rowCount} rows)`, ms: median(times.read), requests: 1 },
    { name: `POST /rest/v1/rpc/free_slots of ${FROM}..${TO} (${slotCount} slots)`, ms: median(times.rpc), requests: 1 },
  ]);
  const httpRatio = median(times.rpc) / median(times.read);
  console.log(`\nrpc/free_slots / plain list read: ${httpRatio.toFixed(2)}x\n`);

  const cliEnv = { ...env, PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token };
  const slotsArgs = ['appt', 'slots', '--from', FROM, '--to', TO, '--service', 'Swedish 60', '--json'];
  const listArgs = ['appt', 'list', '--from', FROM, '--to', TO, '--json'];
  const slots = () => timed(proxy, cliEnv, [BIN, ...slotsArgs]);
  const list = () => timed(proxy, cliEnv, [BIN, ...listArgs]);
  // Warm-up: the service's prepared reads, the CLI's code cache.
  const warm = await slots();
  const listed = await list();
  const medians = await alternating(RUNS, { list, slots });
  const found = JSON.parse(warm.stdout).days.reduce((sum, day) => sum + day.slots.length, 0);
  printCases(`case (median of ${RUNS} runs)`, [
    { name: `practice ${listArgs.join(' ')} (${JSON.parse(listed.stdout).length} rows)`, ms: medians.list, requests: listed.requests },
    { name: `practice ${slotsArgs.join(' ')} (${found} slots)`, ms: medians.slots, requests: warm.requests },
  ]);
  console.log(`\nslots / list: ${(medians.slots / medians.list).toFixed(2)}x (both include Node's start-up and the CLI's)`);
  judge(`rpc/free_slots <= ${GOAL}x one plain list read of the month`, httpRatio <= GOAL);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
