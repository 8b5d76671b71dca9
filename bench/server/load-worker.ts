// A closed-loop HTTP load generator for the benchmark: N keep-alive connections, each sending its
// next request as soon as the last answer arrived. Runs in a worker thread, off the bench's loop.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

export interface LoadJob {
  origin: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  /** Latencies of the measured requests, in milliseconds. */
  latencies: number[];
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmupEnd = performance.now() + job.warmupSeconds * 1000;
  const end = warmupEnd + job.seconds * 1000;

  async function connectionLoop() {
    for (;;) {
      const started = performance.now();
      if (started >= end) return;
      if (!measuring && started >= warmupEnd) measuring = true;
      const response = await pool.request({ origin: job.origin, path: job.path, method: 'GET', headers: job.headers });
      await response.body.text();
      const finished = performance.now();
      if (started >= warmupEnd && finished <= end) {
        if (response.statusCode === 200) latencies.push(finished - started);
        else errors++;
      }
    }
  }

  await Promise.all(Array.from({ length: job.connections }, connectionLoop));
  await pool.close();
  return { requests: latencies.length, errors, seconds: job.seconds, latencies };
}

parentPort!.postMessage(await runLoad(workerData as LoadJob));
