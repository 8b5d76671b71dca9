// `practice report pnl --year 2026` for a year of a busy practice (10,000 appointments, 2,000
// expenses), beside the paged reads the report used to make before the database answered it (issue
// 28): the same requests made by a script with no CLI (plain-reads.mjs), measured in the same run.
// Goal: the answer, one rpc request whose rows stay in the database, within 0.3x of those reads, both
// over HTTP from this process; then the same as processes of their own (the CLI's start-up included).
//
//   npm run build && node bench/report/run.mjs [--runs 10]     (or: npm run bench:report)
//
// Both run as processes of their own, alternating, after one warm-up each; the medians are compared.
// Requests are counted on the wire by a proxy in front of the service. Seeding dominates the run
// (about 3 minutes on 2 vCPU: every appointment passes the overlap rule).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainReader } from '../shared/plain-pages.mjs';
import { alternating, judge, median, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PLAIN = join(ROOT, 'bench', 'report', 'plain-reads.mjs');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const YEAR = 2026;
const APPOINTMENTS = 10_000;
const EXPENSES = 2_000;
const GOAL = 0.3;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-report-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };


/** 10,000 appointments over the year, 28 half-hour slots a day, mostly completed, at three prices. */
async function seed(service, token) {
  const clientIds = Array.from({ length: 400 }, () => randomUUID());
  await postRows(service, token, 'clients', clientIds.map((id, i) => ({ id, name: `Client ${i}` })));
  const statuses = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'no_show', 'completed'];
  const prices = [80, 90.5, 120, 65.25];
  const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const appointments = Array.from({ length: APPOINTMENTS }, (_, i) => {
    const start = 8 * 60 + (i % 28) * 30;
    return {
      client_id: clientIds[i % clientIds.length], date: new Date(Date.UTC(YEAR, 0, 1 + Math.floor(i / 28))).toISOString().slice(0, 10),
      start_time: clock(start), end_time: clock(start + 25), status: statuses[i % statuses.length], price: prices[i % prices.length],
    };
  });
  await postRows(service, token, 'appointments', appointments);
  const categories = ['supplies', 'rent', 'linens', 'laundry', 'software', 'travel', 'fees', 'marketing'];
  await postRows(service, token, 'expenses', Array.from({ length: EXPENSES }, (_, i) => ({
    date: new Date(Date.UTC(YEAR, 0, 1 + (i % 365))).toISOString().slice(0, 10), amount: Number(`${1 + (i % 300)}.${String(i % 100).padStart(2, '0')}`),
    category: categories[i % categories.length],
  })));
}


const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0', '--statement-timeout-authenticated', '120'] });
const proxy = await countingProxy(service.url);
try {
  const { token, userId } = await signUp(service.url, service.anon_key);
  let started = performance.now();
  await seed(service, token);
  console.log(`Seeded ${APPOINTMENTS} appointments and ${EXPENSES} expenses of ${YEAR} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  // Over HTTP, in this process: the database's answer against the paged reads of the same rows.
  const rest = `${service.url}/rest/v1`;
  const headers = { apikey: service.anon_key, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ day_from: `${YEAR}-01-01`, day_to: `${YEAR}-12-31` });
  const rpc = async () => (await (await fetch(`${rest}/rpc/pnl_ledger`, { method: 'POST', headers, body })).json()).length;
  const reader = plainReader(rest, service.anon_key, token);
  const dates = `date=gte.${YEAR}-01-01&date=lte.${YEAR}-12-31`;
  const paged = async () => (await Promise.all([
    reader.readAll(`/appointments?select=date,status,price&${dates}&status=in.(completed)&therapist_id=eq.${userId}&order=id.asc`),
    reader.readAll(`/expenses?select=date,category,amount&${dates}&therapist_id=eq.${userId}&order=id.asc`),
  ])).map((rows) => rows.length);
  const [ledgerRows, pagedRows] = [await rpc(), await paged()];
  // The service's 1,000-row read cap: a page a thousand rows.
  const pages = pagedRows.reduce((sum, rows) => sum + Math.max(1, Math.ceil(rows / 1000)), 0);
  const times = { rpc: [], paged: [] };
  for (let round = 0; round < RUNS; round++) {
    for (const [name, run] of [['paged', paged], ['rpc', rpc]]) {
      const at = performance.now();
      await run();
      times[name].push(performance.now() - at);
    }
  }
  reader.close();
  printCases(`over HTTP (median of ${RUNS})`, [
    { name: `paged reads of ${YEAR}'s completed appointments and expenses (${pagedRows.join(' + ')} rows)`, ms: median(times.paged), requests: pages },
    { name: `POST /rest/v1/rpc/pnl_ledger of ${YEAR} (${ledgerRows} rows)`, ms: median(times.rpc), requests: 1 },
  ]);
  const httpRatio = median(times.rpc) / median(times.paged);
  console.log(`\nrpc/pnl_ledger / paged reads: ${httpRatio.toFixed(2)}x\n`);

  const cliEnv = { PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token };
  const report = () => timed(proxy, { ...env, ...cliEnv }, [BIN, 'report', 'pnl', '--year', String(YEAR), '--by', 'ledger', '--format', 'csv']);
  const plain = () => timed(proxy, env, [PLAIN, `${proxy.url}/rest/v1`, service.anon_key, token, userId, String(YEAR)]);
  // Warm-up: the service's prepared reads, the CLI's code cache.
  const warm = await report();
  const reads = await plain();
  const medians = await alternating(RUNS, { plain, report });
  printCases(`case (median of ${RUNS} runs)`, [
    { name: `plain reads (${reads.stdout.trim().replace(' ', ' rows + ')} rows)`, ms: medians.plain, requests: reads.requests },
    { name: `practice report pnl --year ${YEAR} --by ledger --format csv`, ms: medians.report, requests: warm.requests },
  ]);
  const ratio = medians.report / medians.plain;
  console.log(`\nreport / plain reads: ${ratio.toFixed(2)}x (both include Node's start-up; the report also the CLI's)`);
  console.log(`totals: ${warm.stderr.trim().split('\n')[0]}`);
  judge(`rpc/pnl_ledger <= ${GOAL}x the paged reads, and the report in one request`, httpRatio <= GOAL && warm.requests === 1);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true, maxRetries: 5 }), 500);
}
