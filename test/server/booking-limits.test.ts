// The per-address limit on booking requests (src/server/http/booking-limits.ts): counted per client IP
// before the database (a request for an unknown page counts too), refused with 429 and Retry-After
// past the limit, other addresses and other calls untouched, off with the service's limits; shared
// through Redis by the instances of a fleet. A request the database refuses as a mistake (400, 409)
// gives its place back, within a wider bound on every attempt.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPTS_PER_REQUEST } from '../../src/server/http/booking-limits.js';
import { connectRedis } from '../../src/server/http/rate-limits.js';
import { caller, insert, practice, type Reply } from '../helpers/fixtures.js';
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

  it('gives a refused request\'s place back, within a bound on every attempt', async () => {
    const owner = await practice(server);
    const [service] = await insert(owner, 'service_menu', { name: 'Swedish 60', duration: 60, price: 85 });
    const slug = `limits-${randomUUID().slice(0, 8)}`;
    await insert(owner, 'booking_pages', { slug, time_zone: 'UTC', notice_minutes: 0 });
    // No name: a mistake the page would have caught; it uses up no request of the hour.
    const unnamed = () => caller(server, { apikey: server.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' })
      .post('/rpc/booking_request', { slug, service_id: service!.id, starts_at: '2030-01-07T10:00:00Z', name: '', email: 'a@example.com' });
    for (let n = 0; n < 2 * ATTEMPTS_PER_REQUEST; n++) expect((await unnamed()).status).toBe(400);
    expectLimited(await unnamed());
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
      // One counter of requests and one of attempts, each shared.
      expect(await redis.keys(`${prefix}booking:*`)).toHaveLength(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
