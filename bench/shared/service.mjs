// What the benchmarks that talk to the embedded service share: a service of their own started from
// the built binary, a proxy that counts the requests on the wire, and a fresh account.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'practice.cjs');

/** `practice server start --foreground` on `dataDir` with `flags` (limits to lift); its JSON line and a stop. */
export async function startService({ env, dataDir, flags = [] }) {
  const child = spawn(process.execPath, [BIN, 'server', 'start', '--foreground', '--port', '0', '--data-dir', dataDir, ...flags],
    { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening`)));
  });
  return { ...JSON.parse(line), stop: () => child.kill('SIGTERM') };
}

/**
 * A proxy in front of the service that counts the requests passing through it: `requests` lists
 * each since the last `reset()` as "METHOD /path" (its query left out), `count` is how many.
 */
export async function countingProxy(target) {
  const upstream = new URL(target);
  const proxy = {
    requests: [],
    get count() {
      return this.requests.length;
    },
    reset() {
      this.requests = [];
    },
  };
  const server = createServer((incoming, outgoing) => {
    proxy.requests.push(`${incoming.method} ${incoming.url.split('?')[0]}`);
    const forwarded = httpRequest({ host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${server.address().port}`;
  proxy.close = () => server.close();
  return proxy;
}

/** A new account on the service: its access token and user id. */
export async function signUp(url, anonKey) {
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${randomUUID()}@example.com`, password: 'correct horse battery' }),
  });
  if (!response.ok) throw new Error(`signup: ${response.status} ${await response.text()}`);
  const session = await response.json();
  return { token: session.access_token, userId: session.user.id };
}
