// `practice appt slots` for a month of a practice with 5,000 appointments, beside a single
// `practice appt list` of the same month measured in the same run. Goal: slots within 1.5x of the list.
//
//   npm run build && node bench/slots/run.mjs [--runs 10]     (or: npm run bench:slots)
//
// Both run as processes of their own, alternating, after one warm-up each; the medians are compared.
// Requests are counted on the wire by a proxy in front of the service. The month is in the future,
// so none of it is cut away as past: every day is computed.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternating, judge, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const APPOINTMENTS = 5_000;
const PER_DAY = 10;
const FIRST_DAY = Date.UTC(2030, 0, 1);
const [FROM, TO] = ['2030-06-01', '2030-06-30'];
const GOAL = 1.5;

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

const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'] });
const proxy = await countingProxy(service.url);
try {
  const { token } = await signUp(service.url, service.anon_key);
  const started = performance.now();
  await seed(service, token);
  console.log(`Seeded ${APPOINTMENTS} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

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
  const ratio = medians.slots / medians.list;
  console.log(`\nslots / list: ${ratio.toFixed(2)}x (both include Node's start-up and the CLI's)`);
  judge(`<= ${GOAL}x`, ratio <= GOAL);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
