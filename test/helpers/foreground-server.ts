// `practice server start --foreground` as a child process of a test: started, its one JSON line read,
// stopped with a signal. The built binary: run `npm run build` first.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { BIN, NODE_FLAGS } from './cli.js';

export interface Foreground {
  child: ChildProcess;
  url: string;
  anonKey: string;
  exited: Promise<number | null>;
}

/** `env`: the server's environment (default: the test's own). */
export async function startForeground(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Foreground> {
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'server', 'start', '--foreground', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const first = await Promise.race([
    new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    exited.then((code): never => {
      throw new Error(`server exited (${code}) before listening: ${stderr}`);
    }),
  ]);
  const parsed = JSON.parse(first) as { url: string; anon_key: string };
  expect(Object.keys(parsed).sort()).toEqual(['anon_key', 'url']);
  return { child, url: parsed.url, anonKey: parsed.anon_key, exited };
}
