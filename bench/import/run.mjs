// `practice import` of a backup holding 1000 clients against the embedded service: requests made and
// wall time (goal, issue 6: at most 2 requests, under 3 s), beside a baseline measured in the same
// run: one raw bulk POST of the same 1000 rows with fetch, as a script with no CLI would send them.
// The import also writes its own record in the audit trail (issue 30 point 3: "import carries the
// trail"), one request whatever the size of the file, which issue 6's goal predates: the goal
// counts the requests besides it, and it must be sent, once. Then bulk
// writes into a full practice (full-practice.mjs): a 2,000-appointment POST into a practice of 20,000
// within 2x of the same POST into an empty one, and the import of 20,000 rows already there within
// 1.5x of reading them.
//
//   npm run build && node bench/import/run.mjs [--rounds 3] [--database-url postgres://...]
//
// Both go through a counting proxy, so the requests are counted on the wire, not taken on trust.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judge, printCases, timed } from '../shared/runs.mjs';
import { fullPractice } from './full-practice.mjs';
import { BIN, countingProxy, signUp, startService } from '../shared/service.mjs';

const CLIENTS = 1000;
// How `practice import` records itself in the audit trail (src/cli/shared/audit-event.ts).
const AUDIT_RECORD = 'POST /rest/v1/rpc/audit_record_event';
const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ROUNDS = Number(argument('--rounds') ?? 3);
const DATABASE_URL = argument('--database-url');
const home = mkdtempSync(join(tmpdir(), 'practice-bench-import-'));
const env = { PATH: process.env.PATH, HOME: home, PRACTICE_CONFIG_DIR: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };

const clients = Array.from({ length: CLIENTS }, (_, i) => ({
  id: randomUUID(), created_at: '2026-01-05T09:00:00.000Z', updated_at: '2026-01-05T09:00:00.000Z', name: `Client ${i}`,
  phone: `+49 170 ${String(i).padStart(6, '0')}`, email: `client${i}@example.com`, notes: null, status: 'active', total_visits: i % 7,
}));
const empty = { service_menu: [], business_hours: [], appointments: [], sessions: [], expenses: [], conversation_log: [] };
const backup = join(home, 'backup.json');
writeFileSync(backup, JSON.stringify({ format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://bench.example/rest/v1' }, tables: { clients, ...empty } }));

// No rate limits: the full practice alone makes dozens of writes and reads, and the pacing of an
// import under a limit is not what is measured.
const flags = ['--auth-per-minute', '0', '--writes-per-minute', '0', '--reads-per-minute', '0', ...(DATABASE_URL ? ['--database-url', DATABASE_URL] : [])];
const service = await startService({ env, dataDir: join(home, 'service'), flags });
const proxy = await countingProxy(service.url);
try {
  // Baseline: the same rows in one raw bulk upsert, the least any client could send.
  const { token: baselineToken } = await signUp(service.url, service.anon_key);
  proxy.reset();
  const started = performance.now();
  const response = await fetch(`${proxy.url}/rest/v1/clients?select=id`, {
    method: 'POST', body: JSON.stringify(clients),
    headers: { apikey: service.anon_key, authorization: `Bearer ${baselineToken}`, 'content-type': 'application/json', prefer: 'resolution=ignore-duplicates,return=representation' },
  });
  if (response.status !== 201 || (await response.json()).length !== CLIENTS) throw new Error(`baseline POST: ${response.status}`);
  const baseline = { ms: performance.now() - started, requests: proxy.count };

  // practice import: a process of its own, as a user or cron runs it, start-up and file checks included.
  const { token } = await signUp(service.url, service.anon_key);
  const importEnv = { ...env, PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: token };
  const importOnce = async () => {
    const run = await timed(proxy, importEnv, [BIN, 'import', backup]);
    return { ...run, said: run.stderr.trim() };
  };
  const first = await importOnce();
  const rerun = await importOnce();

  console.log(`Import of ${CLIENTS} clients into the embedded service (no rate limits)\n`);
  printCases('case', [
    { name: 'baseline: one raw bulk POST', ...baseline },
    { name: 'practice import', ...first },
    { name: 'practice import, run again', ...rerun },
  ]);
  console.log(`\nimport / baseline: ${(first.ms / baseline.ms).toFixed(1)}x wall (the import includes Node's start-up and checking the file)`);
  console.log(`first run said: ${first.said.replace(/^\S+ /, '')}; again: ${rerun.said.replace(/^\S+ /, '')}`);
  const auditRecords = first.sent.filter((request) => request === AUDIT_RECORD).length;
  const otherRequests = first.requests - auditRecords;
  console.log(`the first import's requests: ${first.sent.join(', ')}`);
  console.log(`of them, its audit record: ${auditRecords}; the others: ${otherRequests}`);
  const full = await fullPractice({ service, proxy, env, backupPath: join(home, 'full-backup.json'), rounds: ROUNDS });
  console.log('');
  judge('import: <= 2 requests besides its one audit record, < 3000 ms; full / empty insert <= 2x; import again / reading <= 1.5x',
    otherRequests <= 2 && auditRecords === 1 && first.ms < 3000 && full.insertRatio <= 2 && full.reimportRatio <= 1.5);
} finally {
  proxy.close();
  service.stop();
  setTimeout(() => rmSync(home, { recursive: true, force: true }), 500);
}
