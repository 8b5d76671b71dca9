// The per-address limit on booking requests (src/server/http/booking-limits.ts): counted per client IP
// before the database (a request for an unknown page counts too), refused with 429 and Retry-After
// past the limit, other addresses and other calls untouched, off with the service's limits; shared
// through Redis by the instances of a fleet.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/server/http/rate-limits.js';
import { caller, type Reply } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LIMITED = { rateLimits: { readsPerMinute: 1000, writesPerMinute: 1000, authPerMinute: 0, bookingRequestsPerHour: 2 }, trustProxy: '127.0.0.1' };
const server = await startTestServer(LIMITED);
afterAll(() => server.close());

const ask = (target: TestServer, ip: string, name = 'booking_request'): Promise<Reply> =>
  caller(target, { apikey: target.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip })
    .post(`/rpc/${name}`, { slug: 'no-such-page', service_id: randomUUID(), starts_at: '2030-01-01T10:00:00Z', name: 'A', email: 'a@example.com' });

function expectLimited(reply: Reply): void {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.body).toMatchObject({ code: 'over_request_rate_limit', message: 'Too many booking requests from your network; please try again later.' });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(reply.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
}

describe('booking requests per client IP', () => {
  it('lets a few an hour through, then refuses that address alone', async () => {
    expect((await ask(server, '203.0.113.1')).status).toBe(404);
    expect((await ask(server, '203.0.113.1')).status).toBe(404);
    expectLimited(await ask(server, '203.0.113.1'));
    expect((await ask(server, '203.0.113.2')).status).toBe(404);
    // The page and its free starts are not booking requests.
    expect((await caller(server, { apikey: server.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' })
      .post('/rpc/booking_page', { slug: 'no-such-page' })).status).toBe(404);
  });

  it('is off when the service\'s limits are off', async () => {
    const open = await server.sibling({ trustProxy: '127.0.0.1' });
    try {
      for (let n = 0; n < 8; n++) expect((await ask(open, '203.0.113.9')).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});

// Needs a Redis server: runs when REDIS_URL names one (CI sets it), as the rate limits' own test.
describe.runIf(process.env.REDIS_URL)('booking requests per client IP, shared through Redis', () => {
  let redis: Redis;
  const prefix = `practice-test:${randomUUID()}:`;
  beforeAll(async () => {
    redis = await connectRedis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('count one limit between two instances', async () => {
    const options = { ...LIMITED, rateLimitStore: { redis, prefix } };
    const [one, two] = await Promise.all([server.sibling(options), server.sibling(options)]);
    try {
      expect((await ask(one, '198.51.100.5')).status).toBe(404);
      expect((await ask(two, '198.51.100.5')).status).toBe(404);
      expectLimited(await ask(one, '198.51.100.5'));
      expectLimited(await ask(two, '198.51.100.5'));
      expect(await redis.keys(`${prefix}booking:*`)).toHaveLength(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
