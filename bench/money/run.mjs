// `practice balance` of a busy practice: 1,000 clients, 20,000 appointments (about 18,000 completed)
// and 20,000 ledger entries, with packages, answered by rpc/balances in one request, beside one plain
// read of 1,000 rows (GET clients, every column), measured in the same run on the same service.
// Goal: the balance within 1.0x of the plain read.
//
//   npm run build && node bench/money/run.mjs [--runs 30] [--database-url postgres://...]
//
// Both are requests over node:http with keep-alive, taken in turn after a warm-up, and the medians
// compared: the CLI's own start-up is the same for both commands and is left out. Seeding dominates
// the run (minutes on PGlite: every appointment passes the overlap rule).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judge, median, postRows as postBatch, printCases } from '../shared/runs.mjs';
import { signUp, startService } from '../shared/service.mjs';

const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 30));
const DATABASE_URL = option('--database-url', null);
const CLIENTS = 1_000;
const APPOINTMENTS = 20_000;
const PAYMENTS = 20_000;
const PACKAGES = 200;
const AS_OF = '2027-12-31';
const GOAL = 1.0;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-money-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };

/**
 * `rows` in POSTs of 100: a 2,000-row POST of appointments passes every row through the overlap and
 * service-terms triggers, which on a busy 2-core machine can outlast the statement timeout (400 did at load ~25).
 */
async function postRows(service, token, table, rows) {
  for (let start = 0; start < rows.length; start += 100) await postBatch(service, token, table, rows.slice(start, start + 100));
}

const day = (offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 20,000 appointments, 28 half-hour slots a day from 2026-01-01, 9 in 10 completed, of three services. */
async function seed(service, token) {
  const clientIds = Array.from({ length: CLIENTS }, () => randomUUID());
  await postRows(service, token, 'clients', clientIds.map((id, i) => ({ id, name: `Client ${String(i).padStart(4, '0')}` })));
  const services = [{ id: randomUUID(), name: 'Swedish 60', duration: 60, price: 80 }, { id: randomUUID(), name: 'Deep tissue 60', duration: 60, price: 95.5 },
    { id: randomUUID(), name: 'Hot stone 90', duration: 90, price: 120 }];
  await postRows(service, token, 'service_menu', services);
  await postRows(service, token, 'appointments', Array.from({ length: APPOINTMENTS }, (_, i) => {
    const start = 8 * 60 + (i % 28) * 30;
    return {
      client_id: clientIds[i % CLIENTS], service_id: services[i % services.length].id, date: day(Math.floor(i / 28)),
      start_time: clock(start), end_time: clock(start + 25), status: i % 10 === 9 ? 'cancelled' : 'completed',
    };
  }));
  // Packages of Swedish 60 for the first 200 clients, sold at the start: they cover some of their visits.
  const packages = Array.from({ length: PACKAGES }, (_, i) => ({ id: randomUUID(), client_id: clientIds[i], service_id: services[0].id, visits: 5, price: 360, sold_on: day(0) }));
  await postRows(service, token, 'packages', packages);
  // 20,000 entries: payments of a visit's worth, every 25th refunded in part after it.
  const entries = [];
  for (let i = 0; entries.length < PAYMENTS; i++) {
    const payment = { id: randomUUID(), kind: 'payment', reverses_id: null, client_id: clientIds[i % CLIENTS], amount: [80, 95.5, 120][i % 3], method: ['card', 'cash', 'transfer'][i % 3], paid_at: `${day(Math.floor(i / 28))}T12:00:00Z` };
    entries.push(payment);
    if (i % 25 === 0) entries.push({ id: randomUUID(), kind: 'refund', reverses_id: payment.id, client_id: payment.client_id, amount: 10, method: payment.method, paid_at: payment.paid_at });
  }
  await postRows(service, token, 'payments', entries.slice(0, PAYMENTS));
}

const agent = new Agent({ keepAlive: true });
/** One request, its body read and parsed: wall ms and the rows. */
function timedRequest(service, token, method, path, body) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { apikey: service.anon_key, authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) };
    request(`${service.url}/rest/v1${path}`, { method, agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode >= 300) return reject(new Error(`${path}: HTTP ${response.statusCode} ${text}`));
        resolve({ ms: performance.now() - started, rows: JSON.parse(text) });
      });
    }).on('error', reject).end(body ? JSON.stringify(body) : undefined);
  });
}

// Seeding is not what is measured: on a loaded machine its POSTs may take longer than the 8 s a
// request of a signed-in user is allowed by default.
const flags = ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0', '--statement-timeout-authenticated', '120',
  ...(DATABASE_URL ? ['--database-url', DATABASE_URL] : [])];
const service = await startService({ env, dataDir: join(home, 'service'), flags });
try {
  const { token } = await signUp(service.url, service.anon_key);
  const started = performance.now();
  await seed(service, token);
  console.log(`Seeded ${CLIENTS} clients, ${APPOINTMENTS} appointments, ${PAYMENTS} ledger entries and ${PACKAGES} packages on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const cases = {
    plain: () => timedRequest(service, token, 'GET', `/clients?order=name.asc&limit=${CLIENTS}`),
    balance: () => timedRequest(service, token, 'POST', '/rpc/balances', { as_of: AS_OF }),
  };
  const warm = { plain: await cases.plain(), balance: await cases.balance() };
  if (warm.plain.rows.length !== CLIENTS || warm.balance.rows.length !== CLIENTS) {
    throw new Error(`expected ${CLIENTS} rows each; got ${warm.plain.rows.length} and ${warm.balance.rows.length}`);
  }
  const times = { plain: [], balance: [] };
  for (let round = 0; round < RUNS; round++) for (const [name, run] of Object.entries(cases)) times[name].push((await run()).ms);
  const medians = { plain: median(times.plain), balance: median(times.balance) };
  printCases(`case (median of ${RUNS} runs)`, [
    { name: `plain read: GET clients, ${CLIENTS} rows`, ms: medians.plain, requests: 1 },
    { name: `rpc/balances: ${CLIENTS} clients over ${APPOINTMENTS} appointments and ${PAYMENTS} entries`, ms: medians.balance, requests: 1 },
  ]);
  const ratio = medians.balance / medians.plain;
  const covered = warm.balance.rows.reduce((sum, row) => sum + row.covered_visits, 0);
  console.log(`\nbalance / plain read: ${ratio.toFixed(2)}x (${covered} visits covered by packages; owed in all ${warm.balance.rows.reduce((sum, row) => sum + row.owed, 0).toFixed(2)})`);
  judge(`<= ${GOAL}x, one request`, ratio <= GOAL);
} finally {
  agent.destroy();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
