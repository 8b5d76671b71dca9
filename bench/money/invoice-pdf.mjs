// `practice invoice pdf` of a year of weekly visits (52 lines, two pages) beside `practice appt list`
// of the same 52 visits, both the built CLI on the same service, taken in turn in one run. Goal: the
// PDF within 2.5x the list. Both include Node's and the CLI's start-up; the PDF also loads pdfkit and
// reads and subsets the Noto Sans fonts, which is what the goal bounds.
//
//   npm run build && node bench/money/invoice-pdf.mjs [--runs 15]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternating, judge, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const option = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 15));
const YEAR = 2026;
const WEEKS = 52;
const GOAL = 2.5;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-invoice-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };
const day = (offset) => new Date(Date.UTC(YEAR, 0, 5 + offset)).toISOString().slice(0, 10);

const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'] });
const proxy = await countingProxy(service.url);
try {
  const { token } = await signUp(service.url, service.anon_key);
  const client = { id: randomUUID(), name: 'Jürgen Groß' };
  const swedish = { id: randomUUID(), name: 'Swedish 60', duration: 60, price: 85, tax_rate: 19, billing_code: '97124' };
  await postRows(service, token, 'clients', [client]);
  await postRows(service, token, 'service_menu', [swedish]);
  await postRows(service, token, 'appointments', Array.from({ length: WEEKS }, (_, week) => ({
    client_id: client.id, service_id: swedish.id, date: day(week * 7), start_time: '10:00', end_time: '11:00', status: 'completed',
  })));
  const cliEnv = { ...env, PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token };
  // All of the year's visits on one invoice: named, since --month takes one month.
  const visits = await (await fetch(`${service.url}/rest/v1/appointments?select=id&client_id=eq.${client.id}`, { headers: { apikey: service.anon_key, authorization: `Bearer ${token}` } })).json();
  const { stdout: number } = await timed(proxy, cliEnv, [BIN, 'invoice', 'create', '--client', client.id, '--appointments', visits.map((v) => v.id).join(',')]);
  const pdfFile = join(home, 'invoice.pdf');
  const cases = {
    list: () => timed(proxy, cliEnv, [BIN, 'appt', 'list', '--client', client.id, '--from', `${YEAR}-01-01`, '--to', `${YEAR}-12-31`, '--status', 'completed', '--json']),
    pdf: () => timed(proxy, cliEnv, [BIN, 'invoice', 'pdf', number.trim(), '--output', pdfFile]),
  };
  // Warm-up: the service's prepared reads, the CLI's code cache.
  const warm = { list: await cases.list(), pdf: await cases.pdf() };
  const listed = JSON.parse(warm.list.stdout).length;
  if (listed !== WEEKS) throw new Error(`appt list showed ${listed} visits, not ${WEEKS}`);
  const medians = await alternating(RUNS, cases);
  printCases(`case (median of ${RUNS} runs)`, [
    { name: `practice appt list --json of ${WEEKS} weekly visits`, ms: medians.list, requests: warm.list.requests },
    { name: `practice invoice pdf ${number.trim()} (${WEEKS} lines)`, ms: medians.pdf, requests: warm.pdf.requests },
  ]);
  const ratio = medians.pdf / medians.list;
  console.log(`\ninvoice pdf / appt list: ${ratio.toFixed(2)}x`);
  judge(`<= ${GOAL}x`, ratio <= GOAL);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true, maxRetries: 5 }), 500);
}
