// Behind a load balancer (--trust-proxy), the per-IP limits (anon, sign-up and sign-in) count the
// client that X-Forwarded-For names; without it, or from an address not trusted, the header is
// ignored, so a client cannot pick itself a fresh counter by sending one.
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../helpers/server.js';

const LIMITS = { rateLimits: { authPerMinute: 1 } };
const behindBalancer = await startTestServer({ ...LIMITS, trustProxy: '127.0.0.1' });
const direct = await behindBalancer.sibling(LIMITS);
const untrusted = await behindBalancer.sibling({ ...LIMITS, trustProxy: '10.0.0.0/8' });
afterAll(async () => {
  await untrusted.close();
  await direct.close();
  await behindBalancer.close();
});

// A sign-in without an email: counted by the per-IP limit, then refused (400) before any account is
// looked up, so the test is the same on every store, Supabase's auth.users included.
const signIn = (server: typeof direct, client: string) =>
  call(`${server.auth}/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': client },
    body: '{}',
  });

describe('X-Forwarded-For and the per-IP limits', () => {
  it('counts each client apart behind a trusted balancer', async () => {
    expect((await signIn(behindBalancer, '203.0.113.1')).status).toBe(400);
    expect((await signIn(behindBalancer, '203.0.113.1')).status).toBe(429);
    expect((await signIn(behindBalancer, '203.0.113.2')).status).toBe(400);
  });

  it('ignores the header without --trust-proxy, and from a peer outside the trusted ranges', async () => {
    for (const server of [direct, untrusted]) {
      expect((await signIn(server, '198.51.100.1')).status).toBe(400);
      expect((await signIn(server, '198.51.100.2')).status).toBe(429);
    }
  });
});
