// What benchmarks that compare two commands share: seeding rows in bulk, one timed process with the
// requests it made through the counting proxy, and the median of the runs.
import { spawn } from 'node:child_process';

/** Rows per bulk POST: under the service's 1 MiB body limit. */
const BATCH = 2_000;

/** `rows` into `table` as the account of `token`, in bulk POSTs of BATCH. */
export async function postRows(service, token, table, rows) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const response = await fetch(`${service.url}/rest/v1/${table}`, {
      method: 'POST', body: JSON.stringify(rows.slice(start, start + BATCH)),
      headers: { apikey: service.anon_key, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    if (response.status !== 201) throw new Error(`POST ${table}: ${response.status} ${await response.text()}`);
  }
}

/** Runs `node <args>` with `env` to its end: wall time, requests through `proxy`, stdout. */
export async function timed(proxy, env, args) {
  proxy.count = 0;
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}): ${stderr}`);
  return { ms: performance.now() - started, requests: proxy.count, stdout };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
