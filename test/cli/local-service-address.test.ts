// The local service keeps its address: the port its first start chose outlives a stop, a `kill -9`
// (the very next command starts it again), and holds for a second profile and a running `practice mcp`,
// which follow it back; a port another program took is a clear error naming it and the flag.
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type CliHome, NODE_FLAGS, tempHome } from '../helpers/cli.js';

let home: CliHome;
let mcp: Client | null = null;

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  await mcp?.close();
  await home.run(['server', 'stop']);
  await home.cleanup();
});

interface Status {
  running: boolean;
  url: string;
  pid: number;
  anon_key: string;
}

async function status(): Promise<Status> {
  return JSON.parse((await home.run(['server', 'status', '--json'])).stdout) as Status;
}

async function ok(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<string> {
  const result = await home.run(args, options);
  expect(result.code, `practice ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Kills the background server as `kill -9` would, and waits until it is dead (a zombie, here: PID 1 may not reap it). */
async function killHard(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  const { readFileSync } = await import('node:fs');
  const state = () => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
    } catch {
      return 'gone';
    }
  };
  while (!['Z', 'gone'].includes(state()!)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('the local service keeps its address', () => {
  let url = '';

  it('keeps the port of its first start in the data dir (0600), and starts there again after a stop', async () => {
    await ok(['client', 'add', '--name', 'Ann Lee']);
    const first = await status();
    url = first.url;
    const port = join(home.dataHome, 'practice', 'port');
    expect((await stat(port)).mode & 0o777).toBe(0o600);
    expect(new URL(url).port).toBe((await import('node:fs')).readFileSync(port, 'utf8').trim());
    // Below every system's range for outgoing connections, so no client socket holds it after a crash.
    expect(Number(new URL(url).port)).toBeGreaterThanOrEqual(20000);
    expect(Number(new URL(url).port)).toBeLessThanOrEqual(32767);

    await ok(['server', 'stop']);
    expect(await ok(['client', 'list', '--json', 'name'])).toContain('Ann Lee');
    const again = await status();
    expect(again.url).toBe(url);
    expect(again.pid).not.toBe(first.pid);
  }, 120_000);

  it('is started again by the very next command after kill -9', async () => {
    const before = await status();
    await killHard(before.pid);
    const result = await home.run(['client', 'list', '--json', 'name']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Ann Lee');
    expect(result.stderr).toContain('Starting the practice service in the background');
    const after = await status();
    expect(after).toMatchObject({ running: true, url });
    expect(after.pid).not.toBe(before.pid);
  }, 120_000);

  it('holds for a second profile and a running `practice mcp`, which start it again and follow it', async () => {
    const { anon_key: anonKey } = await status();
    await ok(['profile', 'add', 'second', '--url', url, '--anon-key', anonKey]);
    await ok(['--profile', 'second', 'auth', 'signup', '--email', 'second@example.com', '--password-stdin'], { input: 'correct horse battery\n' });
    await ok(['--profile', 'second', 'client', 'add', '--name', 'Bo Chen']);

    const transport = new StdioClientTransport({ command: process.execPath, args: [...NODE_FLAGS, BIN, 'mcp'], env: home.env as Record<string, string>, stderr: 'pipe' });
    mcp = new Client({ name: 'practice-test', version: '1.0.0' });
    await mcp.connect(transport);
    const find = async () => {
      const result = await mcp!.callTool({ name: 'find_client', arguments: { text: 'Lee' } });
      const text = (result.content as Array<{ text: string }>).map((part) => part.text).join('\n');
      expect(result.isError, text).not.toBe(true);
      return text;
    };
    expect(await find()).toContain('Ann Lee');

    // The MCP session's own next request finds the service gone, starts it and goes on.
    await killHard((await status()).pid);
    expect(await find()).toContain('Ann Lee');
    expect((await status()).url).toBe(url);
    expect(await ok(['--profile', 'second', 'client', 'list', '--json', 'name'])).toContain('Bo Chen');

    // The second profile names the kept address: it starts the local service there too.
    await killHard((await status()).pid);
    expect(await ok(['--profile', 'second', 'client', 'list', '--json', 'name'])).toContain('Bo Chen');
    expect(await find()).toContain('Ann Lee');
    expect((await status()).url).toBe(url);
  }, 180_000);

  it('refuses a kept port another program took, naming it and the flag that moves the service', async () => {
    await ok(['server', 'stop']);
    const port = Number(new URL(url).port);
    const squatter = await listen(port);
    try {
      const refused = await home.run(['client', 'list']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`error: Port ${port} on 127.0.0.1, where the practice service listens, is taken by another program.`);
      expect(refused.stderr).toContain('`practice server start --port N`');
      expect((await status()).running).toBe(false);

      // Moved once with --port, the service keeps its new port.
      await ok(['server', 'start', '--port', '0']);
      const moved = (await status()).url;
      expect(moved).not.toBe(url);
      await ok(['server', 'stop']);
      expect(await ok(['client', 'list', '--json', 'name'])).toContain('Ann Lee');
      expect((await status()).url).toBe(moved);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 120_000);
});
