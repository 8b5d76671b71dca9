// `practice server start --headers-timeout/--request-timeout/--connections-per-ip` (and their
// PRACTICE_* variables): the background server it starts closes a client that sends nothing with
// 408 and refuses a second connection from the same address with 429; a value that is not a
// number in range is a usage error and starts nothing.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPractice } from '../helpers/cli.js';

const practice = (args: string[], env: NodeJS.ProcessEnv = {}) => runPractice(args, { ...process.env, ...env });

/** Opens a connection that sends nothing; resolves with what the server wrote before closing it. */
function silentConnection(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('practice server start, slow clients', () => {
  it.each([
    // 3 s: the first connection must still be open when the second arrives, on a loaded machine too.
    ['the flags', ['--headers-timeout', '3', '--connections-per-ip', '1'], {}],
    ['the environment', [], { PRACTICE_HEADERS_TIMEOUT: '3', PRACTICE_CONNECTIONS_PER_IP: '1' }],
  ])('the server it starts takes the timeouts and the cap (%s)', async (_how, flags, env) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-slow-'));
    try {
      const started = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir, ...flags], env);
      expect(started.code, started.stderr).toBe(0);
      const { url } = JSON.parse((await practice(['server', 'status', '--json', '--data-dir', dataDir])).stdout) as { url: string };
      const first = silentConnection(url);
      // Give the first connection time to be accepted before the second arrives.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await silentConnection(url)).toMatch(/^HTTP\/1\.1 429 /);
      expect(await first).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await practice(['server', 'stop', '--data-dir', dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['--headers-timeout', '0'], ['--request-timeout', 'soon'], ['--connections-per-ip', '-1'],
  ])('refuses %s %s with exit 2 and starts nothing', async (flag, value) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-slow-'));
    try {
      const result = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir, flag, value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(flag);
      expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
