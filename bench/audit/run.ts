// bench/audit: what the audit trail costs, on the service over PostgreSQL (issue 30.8), each pair
// measured in alternating slices of the same run (the machine is shared; drifting load weighs on
// both alike):
// - writes: one-row POST /clients with the audit trigger, beside the same writes with it disabled
//   (`alter table ... disable trigger audit_change`): goal 1.15x;
// - a read of notes: GET /sessions as the practice (the service records the read) beside the same
//   rows read with the service key (administration, not recorded; it bypasses RLS, which the
//   explicit therapist_id filter makes moot): goal 1.1x.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { loadServiceKeys } from '../../src/local-service/keys.js';

const POSTGRES_URL = process.env.PRACTICE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = new URL('../..', import.meta.url).pathname;
const SLICES = Number(process.env.BENCH_SLICES ?? 10);
const WRITES_PER_SLICE = Number(process.env.BENCH_WRITES ?? 100);
const READS_PER_SLICE = Number(process.env.BENCH_READS ?? 100);
const NOTES = 20;
const WRITE_GOAL = 1.15;
const READ_GOAL = 1.1;

const database = `practice_bench_audit_${process.pid}`;
const urlOf = (name: string) => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function startServer(dataDir: string): Promise<{ url: string; anonKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/practice.cjs'), 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir,
    '--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PRACTICE_DATABASE_URL: urlOf(database) } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  const { url, anon_key: anonKey } = JSON.parse(line) as { url: string; anon_key: string };
  return { url, anonKey, child };
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function sequentially(times: number, request: () => Promise<Response>): Promise<void> {
  for (let i = 0; i < times; i++) {
    const response = await request();
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
const dir = await mkdtemp(join(tmpdir(), 'practice-bench-audit-'));
await admin.unsafe(`create database ${database}`);
const owner = postgres(urlOf(database), { max: 1, onnotice: () => {} });
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  server = await startServer(join(dir, 'data'));
  const { url, anonKey } = server;
  const { serviceKey } = await loadServiceKeys(join(dir, 'data'), process.env);
  const signup = await (await fetch(`${url}/auth/v1/signup`, {
    method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
  })).json() as { access_token: string; user: { id: string } };
  const user = { apikey: anonKey, authorization: `Bearer ${signup.access_token}`, 'content-type': 'application/json', 'x-client-info': 'practice-cli/bench' };
  const service = { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'x-client-info': 'practice-cli/bench' };
  const [client] = await (await fetch(`${url}/rest/v1/clients`, {
    method: 'POST', headers: { ...user, prefer: 'return=representation' }, body: JSON.stringify({ name: 'Bench Client' }),
  })).json() as Array<{ id: string }>;
  await fetch(`${url}/rest/v1/sessions`, {
    method: 'POST', headers: user,
    body: JSON.stringify(Array.from({ length: NOTES }, (_, i) => ({ client_id: client!.id, subjective: `Note ${i}`, plan: 'Two weeks' }))),
  });

  let n = 0;
  const write = () => fetch(`${url}/rest/v1/clients`, { method: 'POST', headers: user, body: JSON.stringify({ name: `Bench ${n++}` }) });
  const notesQuery = `sessions?therapist_id=eq.${signup.user.id}&order=created_at.desc&limit=${NOTES}`;
  const recordedRead = () => fetch(`${url}/rest/v1/${notesQuery}`, { headers: user });
  const unrecordedRead = () => fetch(`${url}/rest/v1/${notesQuery}`, { headers: service });
  // Warm-up: prepared statements and JIT on both paths.
  await sequentially(50, write);
  await sequentially(50, recordedRead);
  await sequentially(50, unrecordedRead);

  const times = { audited: [] as number[], plain: [] as number[], recorded: [] as number[], unrecorded: [] as number[] };
  for (let slice = 0; slice < SLICES; slice++) {
    await owner.unsafe('alter table public.clients enable trigger audit_change');
    times.audited.push(await timed(() => sequentially(WRITES_PER_SLICE, write)) / WRITES_PER_SLICE);
    await owner.unsafe('alter table public.clients disable trigger audit_change');
    times.plain.push(await timed(() => sequentially(WRITES_PER_SLICE, write)) / WRITES_PER_SLICE);
    times.recorded.push(await timed(() => sequentially(READS_PER_SLICE, recordedRead)) / READS_PER_SLICE);
    times.unrecorded.push(await timed(() => sequentially(READS_PER_SLICE, unrecordedRead)) / READS_PER_SLICE);
  }
  await owner.unsafe('alter table public.clients enable trigger audit_change');
  const [audited, plain, recorded, unrecorded] = [median(times.audited), median(times.plain), median(times.recorded), median(times.unrecorded)];
  const rows = [
    { what: 'one-row client write', with: audited, without: plain, goal: WRITE_GOAL },
    { what: `read of ${NOTES} notes`, with: recorded, without: unrecorded, goal: READ_GOAL },
  ];
  console.log(`bench/audit on PostgreSQL: median ms per request over ${SLICES} alternating slices`);
  console.log('what                     with audit  without   ratio  goal');
  for (const row of rows) {
    const ratio = row.with / row.without;
    console.log(`${row.what.padEnd(24)} ${row.with.toFixed(3).padStart(10)} ${row.without.toFixed(3).padStart(9)} ${ratio.toFixed(2).padStart(6)}x ${row.goal}x ${ratio <= row.goal ? 'met' : 'NOT met'}`);
  }
} finally {
  server?.child.kill('SIGTERM');
  await new Promise((resolve) => server?.child.once('exit', resolve) ?? resolve(null));
  await owner.end();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
}
