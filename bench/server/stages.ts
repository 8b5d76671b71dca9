// bench/server/stages.ts: where one request's time goes on PostgreSQL at one connection (issue 28.7).
// The service runs in this process on a fresh database; wrk sends the hot read (and a trivial rpc
// call) one at a time. Each request is timed at four points: its headers parsed (the http server's
// `request` event), the store called (db.runRequest), the store answered, the answer written. Beside
// them: parse -> plan -> SQL of the same request alone, and the bare transaction's round trip on a
// postgres.js connection of its own, measured in this run on this machine.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { keysFromSecret } from '../../src/local-service/keys.js';
import { buildApp } from '../../src/server/app.js';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import type { Database } from '../../src/server/db/database.js';
import { identityStatement } from '../../src/server/db/identity-sql.js';
import { openDatabase } from '../../src/server/db/open.js';
import { parsePrefer } from '../../src/server/rest/parse-prefer.js';
import { parseQuery } from '../../src/server/rest/parse-query.js';
import { planRequest } from '../../src/server/rest/plan.js';
import { toStatement } from '../../src/server/rest/sql.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import { listen } from '../../src/server/serve.js';
import { requireWrk, runLoad } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = process.env.PRACTICE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERY = 'date=eq.2026-11-23&order=start_time.asc';
const REQUESTS = [`/rest/v1/appointments?${QUERY}`, '/rest/v1/rpc/practice_schema_version'];
// Rate limits high enough never to refuse, so their hook runs as in production.
const RATE_LIMITS = { readsPerMinute: 1e9, writesPerMinute: 1e9, authPerMinute: 1e9 };

const stamp = () => performance.now();
const micros = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`;

/** The store, with the moments each request called and left it. */
function timedStore(db: Database, marks: { called: number; answered: number }): Database {
  return {
    ...db,
    kind: db.kind,
    async runRequest(request) {
      marks.called = stamp();
      try {
        return await db.runRequest(request);
      } finally {
        marks.answered = stamp();
      }
    },
  };
}

requireWrk();
const database = `practice_stages_${process.pid}`;
const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${database}`);
const url = new URL(POSTGRES_URL);
url.pathname = `/${database}`;
const db = await openDatabase({ url: url.toString() });
try {
  const { schema, accountStore } = await prepareDatabase(db);
  const keys = await keysFromSecret(randomBytes(32).toString('hex'));
  const marks = { called: 0, answered: 0 };
  const app = await buildApp({ db: timedStore(db, marks), schema, accountStore, keys, rateLimits: RATE_LIMITS });
  const userId = randomUUID();
  const { token } = await signAccessToken(keys.jwtSecret, { sub: userId }, 3600);
  const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}` };
  const base = await listen(app, '127.0.0.1', 0);

  const seed = await fetch(`${base}/rest/v1/clients`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json', prefer: 'return=representation' }, body: JSON.stringify({ name: 'Stages' }),
  });
  const [client] = (await seed.json()) as Array<{ id: string }>;
  const rows = Array.from({ length: 10 }, (_, i) => ({
    date: '2026-11-23', start_time: `${String(8 + i).padStart(2, '0')}:00`, end_time: `${String(8 + i).padStart(2, '0')}:50`, client_id: client!.id,
  }));
  await fetch(`${base}/rest/v1/appointments`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(rows) });

  // Each request's four moments, summed while wrk runs.
  const sums = { before: 0, store: 0, after: 0, total: 0, count: 0 };
  app.server.prependListener('request', (_request, response) => {
    const received = stamp();
    marks.called = Number.NaN;
    response.once('finish', () => {
      const written = stamp();
      if (Number.isNaN(marks.called)) return;
      sums.before += marks.called - received;
      sums.store += marks.answered - marks.called;
      sums.after += written - marks.answered;
      sums.total += written - received;
      sums.count++;
    });
  });

  // The pure stages of the hot read alone, many times over.
  const ROUNDS = 20_000;
  let started = stamp();
  for (let i = 0; i < ROUNDS; i++) {
    toStatement(planRequest(schema, {
      method: 'GET', table: 'appointments', query: parseQuery(QUERY), prefer: parsePrefer(undefined), range: null, body: undefined, single: false, userId,
    }));
  }
  const pure = (stamp() - started) / ROUNDS;

  // The bare transaction: BEGIN, identity, the statement, COMMIT pipelined on a connection of its own.
  const plan = planRequest(schema, { method: 'GET', table: 'appointments', query: parseQuery(QUERY), prefer: parsePrefer(undefined), range: null, body: undefined, single: false, userId });
  const statement = toStatement(plan);
  const identity = identityStatement({ role: 'authenticated', claimsJson: '{}', method: 'GET', path: '/rest/v1/appointments', headers: {} }, true, 8000);
  const bare = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const reserved = await bare.reserve();
  const onReserved = () => Promise.all([
    reserved.unsafe('begin'), reserved.unsafe(identity.text, identity.values, { prepare: true }),
    reserved.unsafe(statement.text, statement.values as never[], { prepare: true }), reserved.unsafe('commit'),
  ]);
  for (let i = 0; i < 200; i++) await onReserved();
  started = stamp();
  for (let i = 0; i < 2000; i++) await onReserved();
  const roundTrip = (stamp() - started) / 2000;
  reserved.release();
  await bare.end();

  console.log(`bench/server stages on PostgreSQL, 1 connection, ${SECONDS} s a request (a shared machine: read the parts beside each other)`);
  console.log(`parse -> plan -> SQL of the hot read alone: ${micros(pure)}`);
  console.log(`its transaction pipelined on a reserved postgres.js connection:  ${micros(roundTrip)}`);
  for (const path of REQUESTS) {
    Object.assign(sums, { before: 0, store: 0, after: 0, total: 0, count: 0 });
    const load = await runLoad({ url: `${base}${path}`, headers, connections: 1, warmupSeconds: 2, seconds: SECONDS });
    const mean = (value: number) => micros(value / sums.count);
    console.log(`\n${path}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(2)} ms, ${load.errors} errors`);
    console.log(`  headers parsed -> store called (hooks: CORS, size, apikey, auth, rate limit; parse, plan, SQL): ${mean(sums.before)}`);
    console.log(`  store called -> answered (fair share, connection, the pipelined transaction):               ${mean(sums.store)}`);
    console.log(`  answered -> written (status, headers, body sent):                                           ${mean(sums.after)}`);
    console.log(`  in the server in all:                                                                      ${mean(sums.total)}`);
  }
  await app.close();
} finally {
  await db.close();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
}
