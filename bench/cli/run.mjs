// Cold start of the CLI as ratios to `node -e 0` measured in the same run (DESIGN.md section 7):
// `practice --version` (goal <= 1.6x) and `practice auth status` against a running service (<= 2.5x).
//
//   npm run build && node bench/cli/run.mjs [--runs 30]     (or: npm run bench:cli)
//
// It also prices the HTTP stack the CLI could have used: undici (import, one request, exit) against
// node:http doing the same, which is why src/core/http.ts uses node:http. Every case runs with a
// minimal environment: NODE_EXTRA_CA_CERTS, for one, adds ~70 ms to every Node process. The CLI's
// code caches (src/cli/cached-require.ts) live in the bench's own home, written by the warm-up run;
// one case runs without them, as the first run after an install does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, startService } from '../shared/service.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;

const home = mkdtempSync(join(tmpdir(), 'practice-bench-'));
const env = {
  PATH: process.env.PATH,
  HOME: home,
  PRACTICE_CONFIG_DIR: join(home, 'config'),
  XDG_DATA_HOME: join(home, 'data'),
};

function practice(args, input) {
  const result = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`practice ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One run of `node <args>`, timed by bash's `time` (getrusage): wall clock as the goals state it,
 * and CPU time (user + system), which a busy shared machine disturbs far less.
 */
function timeOnce(args, extraEnv = {}) {
  const script = 'TIMEFORMAT="%3R %3U %3S"; { time "$@" >/dev/null 2>/dev/null; } 2>&1';
  const result = spawnSync('bash', ['-c', script, 'bash', process.execPath, ...args], { env: { ...env, ...extraEnv }, cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}): ${result.stdout}`);
  const [real, user, system] = result.stdout.trim().split(/\s+/).map(Number);
  return { wall: real * 1000, cpu: (user + system) * 1000 };
}

// A service of its own, without rate limits (the benchmark signs in and reads far more than 10 times a minute).
const service = await startService({ env, dataDir: join(home, 'service'), flags: ['--reads-per-minute', '0', '--writes-per-minute', '0', '--auth-per-minute', '0'] });
try {
  practice(['profile', 'add', 'bench', '--url', service.url, '--anon-key', service.anon_key, '--use']);
  practice(['auth', 'signup', '--email', 'bench@example.com', '--password-stdin'], 'bench password\n');

  const request = `${service.url}/auth/v1/health`;
  const cases = [
    { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
    { name: 'practice --version', args: [BIN, '--version'], goal: 1.6 },
    // The whole command tree built (--version answers before it loads): what every command pays.
    { name: 'practice --help', args: [BIN, '--help'] },
    { name: 'practice auth status', args: [BIN, 'auth', 'status'], goal: 2.5 },
    // What a command's first run after an install or upgrade costs, before its code cache exists.
    { name: 'auth status, no compile cache', args: [BIN, 'auth', 'status'], env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
    { name: 'node:http: import + 1 request', args: ['--input-type=module', '-e', `import http from 'node:http'; http.get(${JSON.stringify(request)}, (r) => { r.resume(); r.on('end', () => process.exit(0)); })`] },
    { name: 'undici: import + 1 request', args: ['--input-type=module', '-e', `import { request } from 'undici'; const r = await request(${JSON.stringify(request)}); await r.body.text(); process.exit(0);`] },
  ];
  for (const { args, env: extraEnv } of cases) timeOnce(args, extraEnv); // warm the file cache, write the compile caches
  const times = cases.map(() => []);
  // Interleaved, so a slow moment of a shared machine weighs on every case alike.
  for (let run = 0; run < RUNS; run++) cases.forEach(({ args, env: extraEnv }, i) => times[i].push(timeOnce(args, extraEnv)));


  const wall = times.map((runs) => median(runs.map((run) => run.wall)));
  const cpu = times.map((runs) => median(runs.map((run) => run.cpu)));
  console.log(`Node ${process.version}, ${RUNS} runs each, medians (wall clock; CPU time in brackets):\n`);
  let missed = 0;
  cases.forEach(({ name, goal }, i) => {
    const ratio = wall[i] / wall[0];
    const verdict = goal === undefined ? '' : ratio <= goal ? `  goal <= ${goal}x: met` : `  goal <= ${goal}x: MISSED`;
    if (goal !== undefined && ratio > goal) missed++;
    const cpuText = `[${cpu[i].toFixed(0).padStart(4)} ms ${(cpu[i] / cpu[0]).toFixed(2)}x]`;
    console.log(`${name.padEnd(32)} ${wall[i].toFixed(1).padStart(7)} ms ${ratio.toFixed(2).padStart(5)}x  ${cpuText}${verdict}`);
  });
  process.exitCode = missed > 0 ? 1 : 0;
} finally {
  service.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(home, { recursive: true, force: true });
}
