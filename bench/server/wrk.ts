// The benchmark's load generator: wrk, a C program, as pgbench is for the ceiling. On a 2-vCPU
// machine the generator shares the cores with the server and PostgreSQL; a JavaScript client
// (undici in a worker) took ~130 µs of them per request, wrk takes a fraction of that, so the
// figures measure the server rather than the client.
import { spawnSync } from 'node:child_process';
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

function runWrk(job: LoadJob, seconds: number, script: string): LoadResult {
  const args = ['-t', '1', '-c', String(job.connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script,
    ...Object.entries(job.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), job.url];
  const run = spawnSync('wrk', args, { encoding: 'utf8' });
  const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
  if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const counts = JSON.parse(line) as { requests: number; duration_us: number; refused: number; errors: number; p50_us: number; p99_us: number };
  return {
    // wrk counts every answer as a request, a 429 or a 500 too; only the good ones are throughput.
    rps: (counts.requests - counts.refused) / (counts.duration_us / 1e6),
    p50: counts.p50_us / 1000,
    p99: counts.p99_us / 1000,
    errors: counts.errors,
  };
}

/** A warm-up run, then the measured one: closed loop, each connection sends on the last answer. */
export function runLoad(job: LoadJob): LoadResult {
  const dir = mkdtempSync(join(tmpdir(), 'practice-wrk-'));
  try {
    const script = join(dir, 'report.lua');
    writeFileSync(script, REPORT_SCRIPT);
    if (job.warmupSeconds > 0) runWrk(job, job.warmupSeconds, script);
    return runWrk(job, job.seconds, script);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
