// bench/server: req/s and p50/p99 of the hot read `GET /appointments?date=eq.D&order=start_time.asc`
// at 1 and 16 connections, on PGlite and PostgreSQL (and at 16 on three instances sharing that
// PostgreSQL, as behind a load balancer), beside the ceiling measured in the same run:
// pgbench -f running the very transaction the server runs for that request on the same PostgreSQL,
// as a script (a round trip per statement: the goal's ceiling) and pipelined (as the server sends it),
// and beside a bare fastify + postgres.js route running only that transaction: the list and a trivial
// stable function through rpc/ at least as fast as it. The same day read with each appointment's
// client and service embedded is measured beside the plain list: within 1.5x of it; the function
// beside a one-row GET: within 1.1x of it. All of them in turn, slice after slice (the machine is
// shared; drifting load weighs on each alike).
// bench/server/stages.ts breaks one request's time down by stage.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { decodeJwt } from 'jose';
import postgres from 'postgres';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import { DEFAULT_STATEMENT_TIMEOUTS, statementTimeoutOf } from '../../src/server/db/database.js';
import { identityStatement } from '../../src/server/db/identity-sql.js';
import { openDatabase } from '../../src/server/db/open.js';
import { loadSchemaCache } from '../../src/server/db/schema-cache.js';
import { parsePrefer } from '../../src/server/rest/parse-prefer.js';
import { parseQuery } from '../../src/server/rest/parse-query.js';
import { planRequest } from '../../src/server/rest/plan.js';
import { toStatement } from '../../src/server/rest/sql.js';
import { bookingRows } from './booking.js';
import { benchFeed } from './feed.js';
import { combineSlices, requireWrk, runLoad, type LoadResult } from './wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const POSTGRES_URL = process.env.PRACTICE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAYS = 300;
const PER_DAY = 10;
const DAY = '2026-11-23';
const QUERY = `date=eq.${DAY}&order=start_time.asc`;
const EMBEDDED_QUERY = `select=*,client:clients(*),service:service_menu(*)&${QUERY}`;
/** The embedded read may cost at most this many times the plain list's time per request. */
const EMBEDDED_GOAL = 1.5;
// A trivial stable function through rpc/ beside a one-row GET (issue 28.5): within RPC_GOAL of its time.
const RPC_PATH = 'rpc/practice_schema_version';
const ONE_ROW_QUERY = `${QUERY}&limit=1`;
const RPC_GOAL = 1.1;
const CONNECTIONS = [1, 16];
/** The scaled-out row: this many instances on one PostgreSQL, at the most connections. */
const INSTANCES = 3;
const ROOT = new URL('../..', import.meta.url).pathname;
/** BENCH_ONLY=booking: only the booking page's and the feed's cases (issue 31.8), not the plain reads. */
const BOOKING_ONLY = process.env.BENCH_ONLY === 'booking';

interface Server {
  url: string;
  anonKey: string;
  process: ChildProcess;
}

/** Spawns a server that prints one JSON line with its url once listening. */
async function spawnListening(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key?: string };
  return { url, anonKey: anonKey ?? '', process: child };
}

function startServer(dataDir: string, jwtSecret: string, databaseUrl?: string): Promise<Server> {
  const args = [join(ROOT, 'bin/practice.cjs'), 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir,
    '--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'];
  const env: NodeJS.ProcessEnv = { ...process.env, PRACTICE_JWT_SECRET: jwtSecret };
  if (databaseUrl) env.PRACTICE_DATABASE_URL = databaseUrl;
  else delete env.PRACTICE_DATABASE_URL;
  return spawnListening(args, env);
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

function dateOf(dayIndex: number): string {
  const date = new Date(Date.UTC(2026, 10, 23 - DAYS / 2 + dayIndex));
  return date.toISOString().slice(0, 10);
}

const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One practice with DAYS x PER_DAY appointments; the benchmarked day has PER_DAY of them. */
async function seed(server: Server, headers: Record<string, string>): Promise<void> {
  const post = async (table: string, body: unknown) => {
    const response = await fetch(`${server.url}/rest/v1/${table}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`seeding ${table}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Array<{ id: string }>;
  };
  const [client] = await post('clients', { name: 'Bench Client' });
  const [service] = await post('service_menu', { name: 'Bench Massage', duration: 50, price: 80 });
  const rows = [];
  for (let day = 0; day < DAYS; day++) {
    for (let slot = 0; slot < PER_DAY; slot++) {
      const start = 8 * 60 + slot * 60;
      rows.push({ date: dateOf(day), start_time: time(start), end_time: time(start + 50), client_id: client!.id, service_id: service!.id });
    }
  }
  // Batches small enough for PGlite's 8 s statement limit on a loaded machine.
  for (let i = 0; i < rows.length; i += 100) await post('appointments', rows.slice(i, i + 100));
}

/** The load spread over `servers` as a load balancer would: the connections dealt out in turn. */
function measure(servers: Server[], headers: Record<string, string>, connections: number): Promise<LoadResult> {
  return runLoad(...servers.map((server, i) => ({
    url: `${server.url}/rest/v1/appointments?${QUERY}`, headers, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS,
    connections: Math.floor(connections / servers.length) + (i < connections % servers.length ? 1 : 0),
  })));
}

/** Slices of each comparison: in turn, so load from elsewhere weighs on each side alike. */
const ROUNDS = 5;

interface Target {
  url: string;
  headers: Record<string, string>;
}

const restTarget = (server: Server, headers: Record<string, string>, path: string): Target => ({ url: `${server.url}/rest/v1/${path}`, headers });

/** Requests measured in turn, slice after slice, SECONDS of each in all. */
async function measureInTurn(targets: Target[], connections: number): Promise<LoadResult[]> {
  const slices = targets.map((): LoadResult[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      slices[i]!.push(await runLoad({ ...target, connections, warmupSeconds: 1, seconds: Math.max(1, Math.round(SECONDS / ROUNDS)) }));
    }
  }
  return slices.map(combineSlices);
}

interface PgbenchScripts {
  /** The two statements with their parameters, for the bare route. */
  identity: { text: string; values: unknown[] };
  statement: { text: string; values: unknown[] };
  /** BEGIN, identity, statement, COMMIT: one round trip each. */
  plain: string;
  /** The same under \startpipeline, one round trip in all, as the server's postgres.js sends it. */
  pipelined: string;
  variables: string[];
}

/** The pgbench scripts: the server's own statements for this request, with its own parameters. */
async function pgbenchScripts(databaseUrl: string, userId: string, token: string): Promise<PgbenchScripts> {
  const db = await openDatabase({ url: databaseUrl });
  const schema = await loadSchemaCache(db);
  await db.close();
  const plan = planRequest(schema, {
    method: 'GET', table: 'appointments', query: parseQuery(QUERY), prefer: parsePrefer(undefined),
    range: null, body: undefined, single: false, userId,
  });
  // With the statement time limit the server sets for the role: the very statement it sends.
  const identity = identityStatement(
    { role: 'authenticated', claimsJson: JSON.stringify(decodeJwt(token)), method: 'GET', path: '/rest/v1/appointments', headers: {} },
    true,
    statementTimeoutOf(DEFAULT_STATEMENT_TIMEOUTS, 'authenticated'),
  );
  const variables: string[] = [];
  const withVariables = (text: string, values: unknown[], prefix: string) => {
    values.forEach((value, i) => variables.push(`${prefix}${i + 1}=${String(value)}`));
    // pgbench reads `:name` as a variable even inside a string literal, so the time format
    // 'HH24:MI' is spelt 'HH24":"MI' (the same output: to_char copies quoted text as is).
    return text.replaceAll("'HH24:MI'", `'HH24":"MI'`).replace(/\$(\d+)/g, (_, n: string) => `:${prefix}${n}`).replace(/\s+/g, ' ');
  };
  const statement = toStatement(plan);
  const transaction = ['begin;', `${withVariables(identity.text, identity.values, 'i')};`,
    `${withVariables(statement.text, statement.values, 's')};`, 'commit;'];
  return {
    identity,
    statement,
    plain: [...transaction, ''].join('\n'),
    pipelined: ['\\startpipeline', ...transaction, '\\endpipeline', ''].join('\n'),
    variables,
  };
}

function pgbench(databaseUrl: string, scriptPath: string, variables: string[], connections: number): number {
  const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', String(Math.min(connections, 2)),
    '-T', String(SECONDS), '-f', scriptPath, ...variables.flatMap((v) => ['-D', v]), databaseUrl];
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  const tps = /tps = ([\d.]+)/.exec(run.stdout);
  if (run.status !== 0 || !tps) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
  return Number(tps[1]);
}

function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

interface Ceiling {
  plain: number;
  pipelined: number;
}

interface Row {
  /** The service, or the bare route baseline. */
  store: string;
  connections: number;
  result: LoadResult;
  ceiling: Ceiling | null;
  goal: string;
  met: boolean;
}

function report(rows: Row[]): void {
  const header = ['store', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'pgbench tx/s', 'ratio', 'pipelined tx/s', 'ratio', 'goal', ''];
  const ratio = (rps: number, tps: number | undefined) => (tps === undefined ? '-' : `${(rps / tps).toFixed(2)}x`);
  const lines = rows.map((r) => [
    r.store, String(r.connections), r.result.rps.toFixed(0), r.result.p50.toFixed(2), r.result.p99.toFixed(2),
    String(r.result.errors), r.ceiling?.plain.toFixed(0) ?? '-', ratio(r.result.rps, r.ceiling?.plain),
    r.ceiling?.pipelined.toFixed(0) ?? '-', ratio(r.result.rps, r.ceiling?.pipelined), r.goal, r.met ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd());
}

async function benchStore(store: 'pglite' | 'postgres', ceilings: Map<number, Ceiling>): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'practice-bench-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const database = `practice_bench_${process.pid}`;
  const admin = store === 'postgres' ? postgres(POSTGRES_URL, { max: 1, onnotice: () => {} }) : null;
  let server: Server | null = null;
  let bare: Server | null = null;
  const siblings: Server[] = [];
  const siblingDirs: string[] = [];
  try {
    let databaseUrl: string | undefined;
    if (admin) {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.unsafe(`create database ${database}`);
      databaseUrl = databaseUrlFor(POSTGRES_URL, database);
    }
    server = await startServer(dataDir, jwtSecret, databaseUrl);
    const userId = randomUUID();
    const { token } = await signAccessToken(jwtSecret, { sub: userId }, 24 * 3600);
    const headers = { apikey: server.anonKey, authorization: `Bearer ${token}` };
    await seed(server, headers);

    if (databaseUrl && !BOOKING_ONLY) {
      const scripts = await pgbenchScripts(databaseUrl, userId, token);
      const plainPath = join(dataDir, 'request.sql');
      const pipelinedPath = join(dataDir, 'request-pipelined.sql');
      await writeFile(plainPath, scripts.plain);
      await writeFile(pipelinedPath, scripts.pipelined);
      for (const connections of CONNECTIONS) {
        ceilings.set(connections, {
          plain: pgbench(databaseUrl, plainPath, scripts.variables, connections),
          pipelined: pgbench(databaseUrl, pipelinedPath, scripts.variables, connections),
        });
      }
      bare = await spawnListening([new URL('./bare-route.js', import.meta.url).pathname], {
        ...process.env,
        BARE_ROUTE_JOB: JSON.stringify({ databaseUrl, identity: scripts.identity, statement: scripts.statement }),
      });
    }
    const rows: Row[] = [];
    for (const connections of BOOKING_ONLY ? [] : CONNECTIONS) {
      const targets = [`appointments?${QUERY}`, `appointments?${EMBEDDED_QUERY}`, `appointments?${ONE_ROW_QUERY}`, RPC_PATH]
        .map((path) => restTarget(server!, headers, path));
      // Issue 28.7: the bare route in the same turns, so the ratios do not drift with the machine's load.
      if (bare) targets.push({ url: `${bare.url}/rest/v1/appointments?${QUERY}`, headers: {} });
      const [result, embedded, oneRow, rpc, bareResult] = (await measureInTurn(targets, connections)) as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult?];
      const ceiling = ceilings.get(connections) ?? null;
      if (bareResult) {
        // The service at least as fast as the bare route running only its transaction.
        rows.push({ store: 'bare route', connections, result: bareResult, ceiling, goal: 'baseline', met: true });
        const ofBare = result.rps / bareResult.rps;
        rows.push({ store, connections, result, ceiling, goal: `>= 1.0x bare route (${ofBare.toFixed(2)}x)`, met: result.errors === 0 && ofBare >= 1 });
      } else {
        rows.push({ store, connections, result, ceiling, goal: '>= 1000 req/s', met: result.errors === 0 && result.rps >= 1000 });
      }
      const slower = result.rps / embedded.rps;
      rows.push({
        store: `${store} embedded`, connections, result: embedded, ceiling: null,
        goal: `<= ${EMBEDDED_GOAL}x plain (${slower.toFixed(2)}x)`, met: embedded.errors === 0 && slower <= EMBEDDED_GOAL,
      });
      rows.push({ store: `${store} one-row GET`, connections, result: oneRow, ceiling: null, goal: 'baseline of rpc', met: oneRow.errors === 0 });
      const rpcSlower = oneRow.rps / rpc.rps;
      // On PostgreSQL the call, too, at least as fast as the bare route (issue 28.7).
      const rpcOfBare = bareResult ? rpc.rps / bareResult.rps : null;
      rows.push({
        store: `${store} rpc`, connections, result: rpc, ceiling: null,
        goal: `<= ${RPC_GOAL}x one-row GET (${rpcSlower.toFixed(2)}x)${rpcOfBare === null ? '' : `, >= 1.0x bare route (${rpcOfBare.toFixed(2)}x)`}`,
        met: rpc.errors === 0 && rpcSlower <= RPC_GOAL && (rpcOfBare === null || rpcOfBare >= 1),
      });
    }
    if (store === 'pglite') rows.push(...(await bookingRows(server, headers, SECONDS)));
    rows.push(...(await benchFeed(store, server.url, headers, 1, SECONDS)));
    if (databaseUrl && !BOOKING_ONLY) {
      // More instances on the same database and secret, a data dir each (a data dir has one server).
      for (let i = 1; i < INSTANCES; i++) siblingDirs.push(await mkdtemp(join(tmpdir(), 'practice-bench-')));
      siblings.push(...(await Promise.all(siblingDirs.map((dir) => startServer(dir, jwtSecret, databaseUrl)))));
      const connections = CONNECTIONS.at(-1)!;
      const result = await measure([server, ...siblings], headers, connections);
      // No target: on a small machine the instances share its cores with PostgreSQL and wrk.
      rows.push({ store: `${store} x${INSTANCES}`, connections, result, ceiling: ceilings.get(connections)!, goal: 'no errors', met: result.errors === 0 });
    }
    return rows;
  } finally {
    if (server) await stopServer(server);
    for (const sibling of siblings) await stopServer(sibling);
    if (bare) await stopServer(bare);
    if (admin) {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    for (const dir of [dataDir, ...siblingDirs]) await rm(dir, { recursive: true, force: true });
  }
}

requireWrk();
const ceilings = new Map<number, Ceiling>();
console.log(`bench/server: GET /appointments?${QUERY}, ${DAYS * PER_DAY} appointments, ${SECONDS} s per point after ${WARMUP_SECONDS} s warm-up`);
console.log(`embedded: GET /appointments?${EMBEDDED_QUERY}`);
console.log(`rpc: GET /${RPC_PATH} beside GET /appointments?${ONE_ROW_QUERY}`);
const rows = [...(await benchStore('postgres', ceilings)), ...(await benchStore('pglite', ceilings))];
report(rows);
const scaledOut = rows.find((r) => r.store === `postgres x${INSTANCES}`);
const single = rows.find((r) => r.store === 'postgres' && r.connections === scaledOut?.connections);
if (scaledOut && single) console.log(`${INSTANCES} instances / 1 instance on PostgreSQL at ${scaledOut.connections} connections: ${(scaledOut.result.rps / single.result.rps).toFixed(2)}x req/s`);
