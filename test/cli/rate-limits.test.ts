// Rate limits don't break loops: piped, each command waits a 429 out (up to --max-wait, 60 s by
// default: one window of the limits) and says so in one line; at a terminal the wait counts down in
// place. The service keeps its counters in Redis here, where the test cuts each window to a few
// seconds (the service's own window is a minute), so the loop waits seconds, not minutes; that part
// needs Redis and runs when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/server/http/rate-limits.js';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { atTerminal } from '../helpers/terminal.js';

const WINDOW_MS = 4000;
const prefix = `practice-test:${randomUUID()}:`;

let redis: Redis;
let server: TestServer;
let home: CliHome;
let shortener: NodeJS.Timeout;

beforeAll(async () => {
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
});

/** Makes every open window end within WINDOW_MS. */
async function shortenWindows(): Promise<void> {
  for (const key of await redis.keys(`${prefix}*`)) {
    if ((await redis.pttl(key)) > WINDOW_MS) await redis.pexpire(key, WINDOW_MS);
  }
}

// Needs a Redis server for the shortened windows: runs when REDIS_URL names one (CI sets it).
describe.runIf(process.env.REDIS_URL)('a loop of reads past the read limit', () => {
  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
    server = await startTestServer({ rateLimits: { readsPerMinute: 1 }, rateLimitStore: { redis, prefix } });
    // A window opens when its first request sets a counter to expire in a minute; it expires sooner.
    shortener = setInterval(shortenWindows, 20);
  });

  afterAll(async () => {
    clearInterval(shortener);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await server.close();
  });

  it('succeeds piped, each read past the limit waiting for the next window and saying so in one line', async () => {
    const { token } = await server.therapist();
    const env = { PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: token };
    const reads = [];
    // The window the last read opened is shortened before the next read, which may follow at once.
    for (let i = 0; i < 4; i++) {
      await shortenWindows();
      reads.push(await home.run(['client', 'list', '--json', 'id'], { env }));
    }
    expect(reads.map((read) => [read.code, read.stdout])).toEqual(Array.from({ length: 4 }, () => [0, '[]\n']));
    // One read a window: each read after the first finds it used up (they start well within 4 s).
    const waited = reads.filter((read) => read.stderr !== '');
    expect(waited.length).toBeGreaterThan(0);
    for (const read of waited) expect(read.stderr).toMatch(/^Rate limited by the server; retrying in [1-4] s…\n$/);

    const started = Date.now();
    const refused = await home.run(['--max-wait', '0', 'client', 'list'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: .+\nhint: .+\n$/);
    expect(Date.now() - started).toBeLessThan(WINDOW_MS);
  }, 60_000);
});

describe('--max-wait', () => {
  it('waits up to 60 s by default, one window of the limits', async () => {
    const help = await home.run(['--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--max-wait <seconds> longest total wait to retry a request (rate limits, outages); 0: never wait (default: 60)');
  });
});

describe('at a terminal', () => {
  it('counts the wait down in place and clears it', async () => {
    let requests = 0;
    const project = createServer((request, response) => {
      request.resume();
      const limited = ++requests === 1;
      response.writeHead(limited ? 429 : 200, { 'content-type': 'application/json', ...(limited ? { 'retry-after': '3' } : {}) })
        .end(limited ? '{"code":"over_request_rate_limit","message":"Rate limit exceeded"}' : '[]');
    });
    await new Promise<void>((resolve) => project.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(project.address() as AddressInfo).port}`;
    try {
      const session = atTerminal(['api', 'GET', 'clients'], { ...home.env, PRACTICE_URL: url, PRACTICE_ANON_KEY: 'anon', PRACTICE_TOKEN: 'token' });
      const { code, raw } = await session.exit();
      expect(code).toBe(0);
      const line = (seconds: number) => `\r\u001b[2KRate limited by the server; retrying in ${seconds} s…`;
      expect(raw).toContain(`${line(3)}${line(2)}${line(1)}\r\u001b[2K[]`);
      expect(requests).toBe(2);
    } finally {
      project.close();
    }
  });
});
