// What benchmarks that compare two commands share: seeding rows in bulk, one timed process with the
// requests it made through the counting proxy, runs taken in turn, and the table and verdict they print.
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

/** Runs `node <args>` with `env` to its end: wall time, requests through `proxy` (how many, and which), stdout and stderr. */
export async function timed(proxy, env, args) {
  proxy.reset();
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}): ${stderr}`);
  return { ms: performance.now() - started, requests: proxy.count, sent: proxy.requests, stdout, stderr };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs each of `cases` ({ name: () => timed(...) }) once per round, in turn, `rounds` times: the median wall time of each. */
export async function alternating(rounds, cases) {
  const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) for (const [name, run] of Object.entries(cases)) times[name].push((await run()).ms);
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
}

/** The table of a comparison: a row per case with the requests it made and its wall time. */
export function printCases(heading, cases) {
  const width = Math.max(heading.length, ...cases.map(({ name }) => name.length));
  const row = (name, requests, ms) => `${name.padEnd(width)} ${String(requests).padStart(8)} ${ms.padStart(9)}`;
  console.log(row(heading, 'requests', 'wall ms'));
  for (const { name, requests, ms } of cases) console.log(row(name, requests, ms.toFixed(0)));
}

/** Says whether the goal is met, and makes that the exit code. */
export function judge(goal, ok) {
  console.log(`goal (${goal}): ${ok ? 'met' : 'NOT met'}`);
  process.exitCode = ok ? 0 : 1;
}
