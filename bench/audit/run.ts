// bench/audit: what the audit trail costs, on the service over PostgreSQL (issue 30.8), each pair
// interleaved in the same run in slices, each pair's order alternating (the machine is shared:
// drifting load weighs on both alike), compared by the median of each request's time (a spike of
// load moves a median little) and by the CPU time the service and its backends spent per request
// (which the machine's other load inflates less than the wall clock):
// - writes: one-row POST /clients with the audit trigger, beside the same writes with it disabled
//   (`alter table ... disable trigger audit_change`): goal 1.15x;
// - a read of notes: GET /sessions as the practice (the service records the read) beside the same
//   read, by the same user under the same row-level security, of `bench_notes`, a view of
//   `sessions` made for the bench (security_invoker), which the service does not record: goal 1.1x.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { migrate } from '../../src/server/db/migrate.js';
import { openDatabase } from '../../src/server/db/open.js';

const POSTGRES_URL = process.env.PRACTICE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = new URL('../..', import.meta.url).pathname;
const SLICES = Number(process.env.BENCH_SLICES ?? 20);
const WRITES_PER_SLICE = Number(process.env.BENCH_WRITES ?? 50);
const READS_PER_SLICE = Number(process.env.BENCH_READS ?? 50);
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

/** Each request's time in ms, one after another. */
async function latencies(times: number, request: () => Promise<Response>): Promise<number[]> {
  const measured: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    const response = await request();
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    measured.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return measured;
}

/** A process's CPU time so far in ms (Linux: utime + stime, in ticks of 10 ms); 0 once it is gone. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat === '' ? 0 : (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
const dir = await mkdtemp(join(tmpdir(), 'practice-bench-audit-'));
await admin.unsafe(`create database ${database}`);
const owner = postgres(urlOf(database), { max: 1, onnotice: () => {} });
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  // Migrated before the service starts, so that its schema cache knows the bench's view of the notes.
  const db = await openDatabase({ url: urlOf(database) });
  await migrate(db);
  await db.close();
  await owner.unsafe(`create view public.bench_notes with (security_invoker = true) as select * from public.sessions;
    grant select on public.bench_notes to authenticated`);
  server = await startServer(join(dir, 'data'));
  const { url, anonKey } = server;
  const signup = await (await fetch(`${url}/auth/v1/signup`, {
    method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
  })).json() as { access_token: string; user: { id: string } };
  const user = { apikey: anonKey, authorization: `Bearer ${signup.access_token}`, 'content-type': 'application/json', 'x-client-info': 'practice-cli/bench' };
  const [client] = await (await fetch(`${url}/rest/v1/clients`, {
    method: 'POST', headers: { ...user, prefer: 'return=representation' }, body: JSON.stringify({ name: 'Bench Client' }),
  })).json() as Array<{ id: string }>;
  await fetch(`${url}/rest/v1/sessions`, {
    method: 'POST', headers: user,
    body: JSON.stringify(Array.from({ length: NOTES }, (_, i) => ({ client_id: client!.id, subjective: `Note ${i}`, plan: 'Two weeks' }))),
  });

  let n = 0;
  const write = () => fetch(`${url}/rest/v1/clients`, { method: 'POST', headers: user, body: JSON.stringify({ name: `Bench ${n++}` }) });
  const notesQuery = `therapist_id=eq.${signup.user.id}&order=created_at.desc&limit=${NOTES}`;
  const recordedRead = () => fetch(`${url}/rest/v1/sessions?${notesQuery}`, { headers: user });
  const unrecordedRead = () => fetch(`${url}/rest/v1/bench_notes?${notesQuery}`, { headers: user });
  const auditTrigger = (state: 'enable' | 'disable') => owner.unsafe(`alter table public.clients ${state} trigger audit_change`);
  // Warm-up: prepared statements and JIT on both paths.
  await latencies(50, write);
  await latencies(50, recordedRead);
  await latencies(50, unrecordedRead);
  const recorded = (await owner.unsafe<Array<{ n: number }>>(`select count(*)::int as n from public.audit_log where action = 'read'`))[0]!.n;
  if (recorded !== 50) throw new Error(`the warm-up's 50 reads of notes wrote ${recorded} read records, not 50: the bench does not measure what it says`);

  // CPU time, beside the wall clock: the service's process and the database's backends serving it
  // (PostgreSQL on this machine), which the machine's other load does not inflate as much.
  const serverPid = server.child.pid!;
  const cpuNow = async () => {
    const backends = await owner.unsafe<Array<{ pid: number }>>(`select pid from pg_catalog.pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_catalog.pg_backend_pid()`);
    return new Map(await Promise.all([serverPid, ...backends.map((b) => b.pid)].map(async (pid) => [pid, await cpuMs(pid)] as const)));
  };
  type Measure = 'audited' | 'plain' | 'recorded' | 'unrecorded';
  const times: Record<Measure, number[]> = { audited: [], plain: [], recorded: [], unrecorded: [] };
  const cpu: Record<Measure, number> = { audited: 0, plain: 0, recorded: 0, unrecorded: 0 };
  const measure = async (what: Measure, count: number, request: () => Promise<Response>) => {
    const before = await cpuNow();
    times[what].push(...await latencies(count, request));
    for (const [pid, ms] of await cpuNow()) cpu[what] += ms - (before.get(pid) ?? 0);
  };
  for (let slice = 0; slice < SLICES; slice++) {
    // Each pair in turn, first one first, then the other: the trigger switched per slice.
    const turn = <T>(pair: [T, T]) => (slice % 2 === 0 ? pair : [pair[1], pair[0]]);
    for (const state of turn(['enable', 'disable'] as const)) {
      await auditTrigger(state);
      await measure(state === 'enable' ? 'audited' : 'plain', WRITES_PER_SLICE, write);
    }
    for (const [what, read] of turn([['recorded', recordedRead], ['unrecorded', unrecordedRead]] as const)) {
      await measure(what, READS_PER_SLICE, read);
    }
  }
  await auditTrigger('enable');
  const rows = [
    { what: 'one-row client write', with: 'audited', without: 'plain', goal: WRITE_GOAL },
    { what: `read of ${NOTES} notes`, with: 'recorded', without: 'unrecorded', goal: READ_GOAL },
  ] as const;
  console.log(`bench/audit on PostgreSQL: ${SLICES * WRITES_PER_SLICE} writes and ${SLICES * READS_PER_SLICE} reads each way, in ${SLICES} interleaved slices`);
  console.log('median ms per request, and CPU ms per request of the service and its database backends');
  console.log('what                     with audit  without   ratio  goal       | cpu with  without  ratio');
  for (const row of rows) {
    const [withMs, withoutMs] = [median(times[row.with]), median(times[row.without])];
    const ratio = withMs / withoutMs;
    const [cpuWith, cpuWithout] = [cpu[row.with] / times[row.with].length, cpu[row.without] / times[row.without].length];
    console.log(`${row.what.padEnd(24)} ${withMs.toFixed(3).padStart(10)} ${withoutMs.toFixed(3).padStart(9)} ${ratio.toFixed(2).padStart(6)}x ` +
      `${`${row.goal}x ${ratio <= row.goal ? 'met' : 'NOT met'}`.padEnd(11)}| ${cpuWith.toFixed(3).padStart(8)} ${cpuWithout.toFixed(3).padStart(8)} ${(cpuWith / cpuWithout).toFixed(2).padStart(5)}x`);
  }
} finally {
  server?.child.kill('SIGTERM');
  await new Promise((resolve) => server?.child.once('exit', resolve) ?? resolve(null));
  await owner.end();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
}
