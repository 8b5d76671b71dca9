// The embedded service's start (issue 12 item 15, issue 26 point 9): time until `server start
// --foreground` prints its JSON line, and its resident memory (VmRSS) just after, beside baselines
// measured in the same run: a bare `new PGlite(dir)` reopening a data dir the service made
// (bare-reopen.mjs), a Node process that prints a line and idles, and the same bundle without the
// shipped template beside it, which runs initdb in WASM as every first start did before.
// Goals, as ratios to the bare reopen: a start on an existing data dir (a restart) <= 1.3x, a first
// start <= 1.5x; both <= 250 MB resident.
//
//   npm run build && node bench/start/run.mjs [--runs 5]     (or: npm run bench:start)
//
// Linux only (/proc). CPU time (user + system of the server process, from /proc/<pid>/stat) is shown
// beside the wall clock: a busy shared machine disturbs it far less.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const GOALS = { restart: 1.3, first: 1.5, rssMb: 250 };
// Resident memory is read once the process has settled after its line (the first GC, freed buffers).
const SETTLE_MS = 500;

const withoutTemplate = join(ROOT, '.bench', 'start', 'without-template');
rmSync(withoutTemplate, { recursive: true, force: true });
mkdirSync(withoutTemplate, { recursive: true });
// The CLI's files (main.cjs, cli.cjs and its chunks), not the template beside them.
for (const file of readdirSync(join(ROOT, 'dist')).filter((name) => name.endsWith('.cjs'))) copyFileSync(join(ROOT, 'dist', file), join(withoutTemplate, file));

const home = mkdtempSync(join(tmpdir(), 'practice-bench-start-'));
const env = { PATH: process.env.PATH, HOME: home, PRACTICE_CONFIG_DIR: join(home, 'config') };
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Starts `node <args>`, waits for its first line, measures it, stops it. */
async function measure(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
    exited.then((code) => Promise.reject(new Error(`node ${args.join(' ')} exited (${code}) before its line: ${stderr}`))),
  ]);
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { ms, cpu, rss };
}

let fresh = 0;
const newDataDir = () => join(home, `data-${fresh++}`);
const reopened = join(home, 'reopened');
// The bare reopen's own copy of the same database, so neither reopens a dir the other left.
const bare = join(home, 'bare');
const serverStart = (entry, dataDir) => [entry, 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir];
const cases = [
  { name: 'bare new PGlite(dir) reopen (baseline)', args: () => [join(ROOT, 'bench', 'start', 'bare-reopen.mjs'), join(bare, 'pglite')] },
  { name: 'node, print a line', args: () => ['-e', 'console.log("{}"); setInterval(() => {}, 1000)'] },
  { name: 'first start, initdb (no template)', args: () => serverStart(join(withoutTemplate, 'main.cjs'), newDataDir()) },
  { name: 'first start, template', args: () => serverStart(join(ROOT, 'bin', 'practice.cjs'), newDataDir()), goal: GOALS.first },
  { name: 'start on an existing data dir', args: () => serverStart(join(ROOT, 'bin', 'practice.cjs'), reopened), goal: GOALS.restart },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  // Creates the data dir the last case reopens, warms the file cache and keeps the code the
  // service compiled (src/cli/compile-cache.ts), as a service stopped once has.
  await measure(cases[4].args());
  cpSync(join(reopened, 'pglite'), join(bare, 'pglite'), { recursive: true });
  await measure(cases[0].args());
  const results = cases.map(() => []);
  // Interleaved, so a slow moment of a shared machine weighs on every case alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [i, { args }] of cases.entries()) results[i].push(await measure(args()));
  }
  const [base] = results.map((runs) => ({
    ms: median(runs.map((r) => r.ms)),
    cpu: median(runs.map((r) => r.cpu)),
  }));
  console.log(`Node ${process.version}, ${RUNS} runs each, medians: time to the JSON line [its spread] (CPU time), RSS after it; ratios to the bare reopen\n`);
  let missed = 0;
  for (const [i, { name, goal }] of cases.entries()) {
    const times = results[i].map((r) => r.ms).sort((a, b) => a - b);
    const ms = median(times);
    const cpu = median(results[i].map((r) => r.cpu));
    const rss = median(results[i].map((r) => r.rss));
    const met = ms / base.ms <= goal && rss <= GOALS.rssMb;
    if (goal && !met) missed++;
    const verdict = goal ? `  goal <= ${goal}x, <= ${GOALS.rssMb} MB: ${met ? 'met' : 'MISSED'}` : '';
    console.log(
      `${name.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms [${times[0].toFixed(0)}-${times.at(-1).toFixed(0)}] (${cpu.toFixed(0).padStart(5)} ms CPU)` +
        ` ${(ms / base.ms).toFixed(2).padStart(5)}x (CPU ${(cpu / base.cpu).toFixed(2)}x)  ${rss.toFixed(0).padStart(4)} MB${verdict}`,
    );
  }
  process.exitCode = missed > 0 ? 1 : 0;
} finally {
  rmSync(home, { recursive: true, force: true });
}
