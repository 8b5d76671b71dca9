// Rate limits (PROTOCOL.md section 8): 100 reads and 30 writes a minute per user on /rest/v1 and on
// /auth/v1/user and /logout (anon by client IP), 10 a minute per client IP on sign-up and sign-in;
// 429 with Retry-After; shared through Redis.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/server/http/rate-limits.js';
import { call, startTestServer, type Answer, type TestServer, type Therapist } from '../helpers/server.js';
import { embeddedAuth } from '../helpers/store.js';

const server = await startTestServer({ rateLimits: { readsPerMinute: 100, writesPerMinute: 30, authPerMinute: 10 } });
afterAll(() => server.close());

const read = (target: TestServer, headers: Record<string, string>) => call(`${target.rest}/clients?select=id&limit=1`, { headers });
const write = (target: TestServer, headers: Record<string, string>) =>
  call(`${target.rest}/clients`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ann' }) });

/** Sends `count` requests one after another, expecting each to pass. */
async function spend(count: number, send: () => Promise<Answer>): Promise<Answer> {
  let last: Answer | undefined;
  for (let i = 0; i < count; i++) {
    last = await send();
    expect(last.status, `request ${i + 1}: ${last.text}`).toBeLessThan(400);
  }
  return last!;
}

function expectLimited(reply: Answer, limit: number) {
  expect(reply.status).toBe(429);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(reply.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(reply.headers.get('ratelimit-remaining')).toBe('0');
  expect(reply.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  expect(reply.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
  expect(reply.body).toEqual({
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached',
    hint: `retry after ${retryAfter} s`,
    details: null,
  });
}

/** A request from another client address on this machine (127.0.0.2), as another client would send it. */
function fromOtherAddress(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress: '127.0.0.2' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('reads and writes on /rest/v1, per user', () => {
  it('answers the 101st read of a minute with 429, and other practices are not slowed', async () => {
    const a = await server.therapist();
    const b = await server.therapist();
    const last = await spend(100, () => read(server, a.headers));
    expect(last.headers.get('ratelimit-limit')).toBe('100');
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expectLimited(await read(server, a.headers), 100);

    const started = performance.now();
    const other = await read(server, b.headers);
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('99');
    // Not held back: a limited caller waits out a minute's window; 5 s is only a loaded machine's slack.
    expect(performance.now() - started).toBeLessThan(5000);
    // Writes are counted apart from reads.
    expect((await write(server, a.headers)).status).toBe(201);
  });

  it('answers the 31st write of a minute with 429; reads go on', async () => {
    const c = await server.therapist();
    const d = await server.therapist();
    await spend(30, () => write(server, c.headers));
    expectLimited(await write(server, c.headers), 30);
    const remove = await call(`${server.rest}/clients?name=eq.Ann`, { method: 'DELETE', headers: c.headers });
    expectLimited(remove, 30);
    expect((await read(server, c.headers)).status).toBe(200);
    expect((await write(server, d.headers)).status).toBe(201);
  });

  it('counts anon requests by client IP', async () => {
    const anon = { apikey: server.keys.anonKey };
    await spend(100, () => read(server, anon));
    expectLimited(await read(server, anon), 100);
    const fromElsewhere = await fromOtherAddress(`${server.rest}/clients?select=id`, { headers: anon });
    expect(fromElsewhere.status).toBe(200);
    const user: Therapist = await server.therapist();
    expect((await read(server, user.headers)).status).toBe(200);
  });
});

describe.runIf(embeddedAuth())('/auth/v1, per client IP', () => {
  it('answers the 11th request of a minute with 429; another address and /rest/v1 are unaffected', async () => {
    const session = await server.signUp(undefined, 'secret-enough');
    const login = () =>
      call(`${server.auth}/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: session.user.email, password: 'secret-enough' }),
      });
    await spend(9, login);
    expectLimited(await login(), 10);
    const elsewhere = await fromOtherAddress(`${server.auth}/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.user.email, password: 'secret-enough' }),
    });
    expect(elsewhere.status).toBe(200);
    const rest = await read(server, { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` });
    expect(rest.status).toBe(200);
  });

  it('counts sign-up and sign-in only: /user and /logout of a signed-in client go through', async () => {
    const instance = await server.sibling({ rateLimits: { authPerMinute: 2 } });
    try {
      const session = await instance.signUp(undefined, 'secret-enough');
      const headers = { apikey: instance.keys.anonKey, authorization: `Bearer ${session.access_token}` };
      for (let i = 0; i < 5; i++) expect((await call(`${instance.auth}/user`, { headers })).status).toBe(200);
      expect((await call(`${instance.auth}/logout?scope=local`, { method: 'POST', headers })).status).toBe(204);
      const login = () =>
        call(`${instance.auth}/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: instance.keys.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: session.user.email, password: 'secret-enough' }),
        });
      expect((await login()).status).toBe(200);
      expectLimited(await login(), 2);
    } finally {
      await instance.close();
    }
  });
});

describe('/auth/v1/user and /logout, as reads and writes of the signed-in user', () => {
  it.runIf(embeddedAuth())('counts /user as a read and /logout as a write of that user, sharing the /rest/v1 counters', async () => {
    const instance = await server.sibling({ rateLimits: { readsPerMinute: 3, writesPerMinute: 2, authPerMinute: 10 } });
    try {
      const [one, other] = [await instance.signUp(undefined, 'secret-enough'), await instance.signUp(undefined, 'secret-enough')];
      const headersOf = (session: { access_token: string }) => ({ apikey: instance.keys.anonKey, authorization: `Bearer ${session.access_token}` });
      const user = (session: { access_token: string }) => call(`${instance.auth}/user`, { headers: headersOf(session) });
      await spend(2, () => user(one));
      await spend(1, () => read(instance, headersOf(one)));
      expectLimited(await user(one), 3);
      // Another practice signed in from the same address has its own allowance.
      expect((await user(other)).status).toBe(200);

      const logout = () => call(`${instance.auth}/logout?scope=others`, { method: 'POST', headers: headersOf(other) });
      await spend(2, logout);
      expectLimited(await logout(), 2);
    } finally {
      await instance.close();
    }
  });

  it('still answers a bad token with Supabase Auth\'s 403, counted against the client address', async () => {
    const instance = await server.sibling({ rateLimits: { readsPerMinute: 1, writesPerMinute: 1, authPerMinute: 10 } });
    try {
      const forged = { apikey: instance.keys.anonKey, authorization: 'Bearer not.a.jwt' };
      const first = await call(`${instance.auth}/user`, { headers: forged });
      expect(first.status).toBe(403);
      expect(first.body).toMatchObject({ code: 403, error_code: 'bad_jwt' });
      expectLimited(await call(`${instance.auth}/user`, { headers: forged }), 1);
    } finally {
      await instance.close();
    }
  });
});

describe('settings', () => {
  it('turns a limit off with 0, leaving the others on', async () => {
    const instance = await server.sibling({ rateLimits: { readsPerMinute: 0, writesPerMinute: 2 } });
    try {
      const t = await instance.therapist();
      const reply = await spend(150, () => read(instance, t.headers));
      expect(reply.headers.get('ratelimit-limit')).toBeNull();
      await spend(2, () => write(instance, t.headers));
      expectLimited(await write(instance, t.headers), 2);
    } finally {
      await instance.close();
    }
  });
});

// Needs a Redis server: runs when REDIS_URL names one (CI sets it); test/vitest.config.ts says when it does not.
describe.runIf(process.env.REDIS_URL)('two instances sharing Redis', () => {
  let redis: Redis;
  const prefix = `practice-test:${randomUUID()}:`;

  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    // Only this run's keys: the prefix is unique to it.
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*` })) keys.push(...(batch as string[]));
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('enforce one limit between them', async () => {
    const options = { rateLimits: { readsPerMinute: 20, writesPerMinute: 5, authPerMinute: 3 }, rateLimitStore: { redis, prefix } };
    const [one, two] = await Promise.all([server.sibling(options), server.sibling(options)]);
    try {
      const t = await one.therapist();
      await spend(10, () => read(one, t.headers));
      const last = await spend(10, () => read(two, t.headers));
      expect(last.headers.get('ratelimit-remaining')).toBe('0');
      expectLimited(await read(one, t.headers), 20);
      expectLimited(await read(two, t.headers), 20);

      const other = await one.therapist();
      expect((await read(two, other.headers)).status).toBe(200);

      const signup = (target: TestServer) => call(`${target.auth}/signup`, { method: 'POST', headers: { apikey: target.keys.anonKey }, body: '{}' });
      expect((await signup(one)).status).toBe(422);
      expect((await signup(two)).status).toBe(422);
      expect((await signup(one)).status).toBe(422);
      expectLimited(await signup(two), 3);

      const stored = await redis.keys(`${prefix}*`);
      expect(stored.length).toBeGreaterThanOrEqual(3);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
