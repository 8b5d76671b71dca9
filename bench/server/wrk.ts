// The benchmark's load generator: wrk, a C program, as pgbench is for the ceiling. On a 2-vCPU
// machine the generator shares the cores with the server and PostgreSQL; a JavaScript client
// (undici in a worker) took ~130 µs of them per request, wrk takes a fraction of that, so the
// figures measure the server rather than the client.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Answers other than 2xx/3xx, and socket errors; req/s counts only the other answers. */
  errors: number;
}

// wrk's done() hook hands over its own counters; printed as one JSON line after its report.
const REPORT_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"refused":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.status, e.status + e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) throw new Error('bench/server needs wrk on the PATH (Debian: apt-get install wrk)');
}

/** One wrk run, in a child process of its own, so that runs against several instances overlap. */
function runWrk(job: LoadJob, seconds: number, script: string): Promise<LoadResult> {
  const args = ['-t', '1', '-c', String(job.connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script,
    ...Object.entries(job.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), job.url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => {
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (status !== 0 || !line) return reject(new Error(`wrk failed: ${stderr || stdout}`));
      const counts = JSON.parse(line) as { requests: number; duration_us: number; refused: number; errors: number; p50_us: number; p99_us: number };
      resolve({
        // wrk counts every answer as a request, a 429 or a 500 too; only the good ones are throughput.
        rps: (counts.requests - counts.refused) / (counts.duration_us / 1e6),
        p50: counts.p50_us / 1000,
        p99: counts.p99_us / 1000,
        errors: counts.errors,
      });
    });
  });
}

/** Runs that went on at the same time, one per instance: their throughput and errors add up; each
 * percentile is the worst instance's (an upper bound: wrk hands over no histogram to merge). */
function combine(results: LoadResult[]): LoadResult {
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * A warm-up run, then the measured one: closed loop, each connection sends on the last answer.
 * Several jobs (one per instance behind an imagined load balancer) run at once.
 */
export async function runLoad(...jobs: LoadJob[]): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'practice-wrk-'));
  try {
    const script = join(dir, 'report.lua');
    writeFileSync(script, REPORT_SCRIPT);
    const warmupSeconds = Math.max(...jobs.map((job) => job.warmupSeconds));
    if (warmupSeconds > 0) await Promise.all(jobs.map((job) => runWrk(job, warmupSeconds, script)));
    const seconds = Math.max(...jobs.map((job) => job.seconds));
    return combine(await Promise.all(jobs.map((job) => runWrk(job, seconds, script))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Slices of one request measured in turn, as one: mean req/s, median p50, worst p99, all errors. */
export function combineSlices(results: LoadResult[]): LoadResult {
  const p50s = results.map((r) => r.p50).sort((a, b) => a - b);
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0) / results.length,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}
