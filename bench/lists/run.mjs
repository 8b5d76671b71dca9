// `practice client list --json` of 6,000 clients beside the plain paged REST reads of the same rows
// (plain-reads.mjs: Range pages of 1000 over node:http), measured in the same run. Goal: the list
// within 1.2x of the reads, every client listed, no more requests than the reads. One more case,
// the list of one client, is the CLI's fixed cost of a read (start-up, profile, one request): what the
// list adds to it is set beside what the plain reads add to `node -e 0`, the cost of the rows alone.
//
//   npm run build && node bench/lists/run.mjs [--runs 10]     (or: npm run bench:lists)
//
// Both run as processes of their own, alternating, after one warm-up each; the medians are compared.
// Requests are counted on the wire by a proxy in front of the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternating, judge, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PLAIN = join(ROOT, 'bench', 'lists', 'plain-reads.mjs');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const CLIENTS = 6_000;
const GOAL = 1.2;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-lists-'));
const env = { PATH: process.env.PATH, HOME: home, TZ: 'UTC', PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache') };

// Everything from here on in the try: a service that fails to start or a failed seeding leaves no temporary folder.
let service;
let proxy;
try {
  // No limits, and time enough for the seeding inserts on a busy shared machine (they ran past the default 8 s).
  service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0', '--statement-timeout-authenticated', '120'] });
  proxy = await countingProxy(service.url);
  const { token, userId } = await signUp(service.url, service.anon_key);
  const started = performance.now();
  await postRows(service, token, 'clients', Array.from({ length: CLIENTS }, (_, i) => ({
    name: `Client ${String(i).padStart(4, '0')}`, email: `client${i}@example.com`, phone: `555-${String(i).padStart(4, '0')}`,
  })));
  console.log(`Seeded ${CLIENTS} clients in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const cliEnv = { PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token };
  const list = () => timed(proxy, { ...env, ...cliEnv }, [BIN, 'client', 'list', '--json']);
  const one = () => timed(proxy, { ...env, ...cliEnv }, [BIN, 'client', 'list', '--json', '--limit', '1']);
  const plain = () => timed(proxy, env, [PLAIN, `${proxy.url}/rest/v1`, service.anon_key, token, userId]);
  const node = () => timed(proxy, env, ['-e', '0']);
  // Warm-up: the service's prepared reads, the CLI's code cache.
  const warm = await list();
  const reads = await plain();
  const oneRow = await one();
  const listed = JSON.parse(warm.stdout).length;
  const medians = await alternating(RUNS, { node, plain, one, list });
  printCases(`case (median of ${RUNS} runs)`, [
    { name: 'node -e 0', ms: medians.node, requests: 0 },
    { name: `plain paged reads (${reads.stdout.trim()} rows)`, ms: medians.plain, requests: reads.requests },
    { name: 'practice client list --json --limit 1', ms: medians.one, requests: oneRow.requests },
    { name: `practice client list --json (${listed} rows)`, ms: medians.list, requests: warm.requests },
  ]);
  const ratio = medians.list / medians.plain;
  console.log(`\nlist / plain reads: ${ratio.toFixed(2)}x (both include Node's start-up; the list also the CLI's)`);
  console.log(`the rows alone: the list adds ${(medians.list - medians.one).toFixed(0)} ms to its one-row read, the plain reads ${(medians.plain - medians.node).toFixed(0)} ms to node -e 0`);
  judge(`<= ${GOAL}x, all ${CLIENTS} listed, no more requests than the plain reads`, ratio <= GOAL && listed === CLIENTS && warm.requests <= reads.requests);
} finally {
  proxy?.close();
  service?.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
