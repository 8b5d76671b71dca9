// Bulk writes into a full practice (issue 24): a 2,000-appointment POST into a practice of 20,000 beside
// the same POST into an empty one (goal: within 2x), and `practice import` of a backup of 20,000 rows
// the practice already holds beside reading those rows (goal: within 1.5x). run.mjs calls it.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { median, postRows, printCases, timed } from '../shared/runs.mjs';
import { BIN, signUp } from '../shared/service.mjs';

const FULL = 20_000;
const BATCH = 2_000;
const CLIENTS = 400;
const SLOTS_A_DAY = 20;
const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new practice with its clients, and appointments made from slot numbers (20 half-hour slots a day). */
async function practice(service) {
  const account = await signUp(service.url, service.anon_key);
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({
    id: randomUUID(), created_at: '2026-01-05T09:00:00.000Z', updated_at: '2026-01-05T09:00:00.000Z', name: `Client ${i}`,
    phone: null, email: null, notes: null, status: 'active', total_visits: 0,
  }));
  await postRows(service, account.token, 'clients', clients);
  const appointments = (from, count) => Array.from({ length: count }, (_, k) => {
    const slot = from + k;
    const start = 8 * 60 + (slot % SLOTS_A_DAY) * 30;
    return {
      id: randomUUID(), date: new Date(Date.UTC(2020, 0, 1 + Math.floor(slot / SLOTS_A_DAY))).toISOString().slice(0, 10),
      start_time: clock(start), end_time: clock(start + 25), status: slot % 3 === 0 ? 'scheduled' : 'completed',
      client_id: clients[slot % CLIENTS].id, client_name: `Client ${slot % CLIENTS}`, service_id: null, notes: null,
    };
  });
  return { ...account, clients, appointments };
}

/** One POST of `rows` into appointments, timed. */
async function timedPost(service, token, rows) {
  const started = performance.now();
  await postRows(service, token, 'appointments', rows);
  return performance.now() - started;
}

/** Every row of `table`, page by page as a script would read them (1000 a request, the service's cap). */
async function readRows(url, anonKey, token, table) {
  const rows = [];
  for (;;) {
    const response = await fetch(`${url}/rest/v1/${table}?order=id&limit=1000&offset=${rows.length}`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${table}: ${response.status}`);
    const page = await response.json();
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

export async function fullPractice({ service, proxy, env, backupPath, rounds }) {
  let started = performance.now();
  const full = await practice(service);
  const seeded = full.appointments(0, FULL);
  await postRows(service, full.token, 'appointments', seeded);
  console.log(`\nSeeded a practice of ${FULL} appointments (${FULL / BATCH} POSTs of ${BATCH}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // In turn, so that both see the same machine: a fresh empty practice each round, and the full one
  // growing by the batch each round (20,000, 22,000, ...), always on days it has no booking on yet.
  const empty = [];
  const filled = [];
  for (let round = 0; round < rounds; round++) {
    const fresh = await practice(service);
    empty.push(await timedPost(service, fresh.token, fresh.appointments(0, BATCH)));
    filled.push(await timedPost(service, full.token, full.appointments(FULL + round * BATCH, BATCH)));
  }
  const insert = { empty: median(empty), full: median(filled) };

  // The backup: the full practice's clients and its first 20,000 appointments, all there already.
  const tables = { clients: full.clients, service_menu: [], business_hours: [], appointments: seeded, sessions: [], expenses: [], conversation_log: [] };
  writeFileSync(backupPath, JSON.stringify({ format: 'practice-export', version: 1, exported_at: new Date().toISOString(), source: { url: 'http://bench.example/rest/v1' }, tables }));
  const cliEnv = { ...env, PRACTICE_URL: proxy.url, PRACTICE_ANON_KEY: service.anon_key, PRACTICE_TOKEN: full.token };
  const reads = [];
  const imports = [];
  let said = '';
  let requests = { read: 0, import: 0 };
  for (let round = 0; round < rounds; round++) {
    proxy.reset();
    started = performance.now();
    for (const table of ['clients', 'appointments']) await readRows(proxy.url, service.anon_key, full.token, table);
    reads.push(performance.now() - started);
    requests.read = proxy.count;
    const again = await timed(proxy, cliEnv, [BIN, 'import', backupPath]);
    imports.push(again.ms);
    requests.import = again.requests;
    said = again.stderr.trim().replace(/^\S+ /, '');
  }
  const reimport = { read: median(reads), import: median(imports) };
  const rows = CLIENTS + FULL;

  console.log(`\nBulk writes into a full practice (median of ${rounds} rounds)\n`);
  printCases('case', [
    { name: `POST ${BATCH} appointments, empty practice`, ms: insert.empty, requests: 1 },
    { name: `POST ${BATCH} appointments, practice of ${FULL}+`, ms: insert.full, requests: 1 },
    { name: `read the ${rows} rows (plain paged GETs)`, ms: reimport.read, requests: requests.read },
    { name: `practice import of those ${rows} rows again`, ms: reimport.import, requests: requests.import },
  ]);
  const insertRatio = insert.full / insert.empty;
  const reimportRatio = reimport.import / reimport.read;
  console.log(`\nfull / empty insert: ${insertRatio.toFixed(2)}x (goal <= 2x)`);
  console.log(`import again / reading: ${reimportRatio.toFixed(2)}x (goal <= 1.5x; the import includes Node's start-up and checking the file)`);
  console.log(`the import again said: ${said}`);
  return { insertRatio, reimportRatio };
}
