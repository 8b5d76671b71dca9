// A Redis that goes away (issue 24.10): with REDIS_URL, requests keep passing without their counters
// and SIGTERM still stops `practice server start --foreground` within 10 s. The test runs its own
// redis-server on a free port, so it can kill it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startForeground } from '../helpers/foreground-server.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    redis.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return redis;
}

describe.runIf(hasRedis)('a server whose Redis goes away', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('keeps answering, and stops on SIGTERM within 10 s', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-redis-gone-'));
    dirs.push(dataDir);
    const port = await freePort();
    const redis = await startRedis(port);
    const server = await startForeground(['--data-dir', dataDir], { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const health = () => fetch(`${server.url}/rest/v1/service_menu?select=id`, { headers: { apikey: server.anonKey } });
      expect((await health()).status).toBe(200);
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      for (let i = 0; i < 5; i++) expect((await health()).status).toBe(200);

      const stopping = Date.now();
      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
      expect(code).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
    } finally {
      server.child.kill('SIGKILL');
      redis.kill('SIGKILL');
    }
  }, 60_000);
});
