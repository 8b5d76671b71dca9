// Issue 25 (5, 6) and 24 (9): a stolen access token is not the account. A new password or email
// needs a recent sign-in or the current password; failed passwords are counted per account, from
// however many addresses; metadata is capped; a NUL is a 400 on every route, never a 500.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { MAX_METADATA_BYTES } from '../../src/server/auth/routes.js';
import { connectRedis } from '../../src/server/http/rate-limits.js';
import { embeddedAuth } from '../helpers/store.js';
import { call, startTestServer, type Answer, type Session, type TestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const PASSWORD = 'correct horse battery';
const email = () => `${randomUUID()}@example.com`;

let server: TestServer;
// Every sign-in older than 0 s, so each change needs the current password (the default is 5 minutes).
let stale: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  stale = await server.sibling({ auth: { recentSignInSeconds: 0 } });
});

afterAll(async () => {
  await stale.close();
  await server.close();
});

function put(on: TestServer, session: Session, body: unknown): Promise<Answer> {
  return call(`${on.auth}/user`, {
    method: 'PUT',
    headers: { apikey: on.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function signIn(address: string, password: string, on = server): Promise<Answer> {
  return call(`${on.auth}/token?grant_type=password`, {
    method: 'POST', headers: { apikey: on.keys.anonKey }, body: JSON.stringify({ email: address, password }),
  });
}

/** A sign-in sent from one of loopback's many addresses (127.0.0.2, ...), as from another host. */
function signInFrom(localAddress: string, on: TestServer, address: string, password: string): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const target = new URL(`${on.auth}/token?grant_type=password`);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'POST', localAddress,
      headers: { apikey: on.keys.anonKey, 'content-type': 'application/json' },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ email: address, password }));
  });
}

describe.runIf(embeddedAuth())('PUT /user after the sign-in is no longer recent', () => {
  it('refuses a new password without the current one (400 current_password_required) and with a wrong one (current_password_invalid)', async () => {
    const session = await stale.signUp(email(), PASSWORD);
    const missing = await put(stale, session, { password: 'taken over now' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 400, error_code: 'current_password_required', msg: 'Current password required when setting new password.' });
    const wrong = await put(stale, session, { password: 'taken over now', current_password: 'a guess' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_code: 'current_password_invalid' });
    expect((await signIn(session.user.email, PASSWORD)).status).toBe(200);
    expect((await signIn(session.user.email, 'taken over now')).status).toBe(400);
  });

  it('refuses a new email the same way; changes both with the current password', async () => {
    const session = await stale.signUp(email(), PASSWORD);
    const moved = email();
    expect((await put(stale, session, { email: moved })).body).toMatchObject({ error_code: 'current_password_required' });
    expect((await put(stale, session, { email: moved, current_password: 'a guess' })).body).toMatchObject({ error_code: 'current_password_invalid' });
    expect((await signIn(moved, PASSWORD)).status).toBe(400);
    const changed = await put(stale, session, { email: moved, password: 'the owner chose this', current_password: PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.email).toBe(moved);
    expect((await signIn(moved, 'the owner chose this')).status).toBe(200);
  });

  it('still changes user_metadata, and the same email, without the current password', async () => {
    const session = await stale.signUp(email(), PASSWORD);
    const answer = await put(stale, session, { data: { theme: 'dark' }, email: session.user.email });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.user_metadata).toEqual({ theme: 'dark' });
  });

  it("keeps supabase-js's updateUser working: current_password is sent, its refusal is an AuthApiError with the code", async () => {
    const supabase = supabaseClient(stale);
    const address = email();
    expect((await supabase.auth.signUp({ email: address, password: PASSWORD })).error).toBeNull();
    const refused = await supabase.auth.updateUser({ password: 'second password' });
    expect(refused.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'current_password_required' });
    const changed = await supabase.auth.updateUser({ password: 'second password', current_password: PASSWORD });
    expect(changed.error).toBeNull();
    expect((await signIn(address, 'second password')).status).toBe(200);
  });
});

describe.runIf(embeddedAuth())('PUT /user right after signing in', () => {
  it('changes the password without the current one, but checks a current_password that is sent', async () => {
    const session = await server.signUp(email(), PASSWORD);
    const wrong = await put(server, session, { password: 'a newer secret', current_password: 'a guess' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_code: 'current_password_invalid' });
    expect((await put(server, session, { password: 'a newer secret' })).status).toBe(200);
    expect((await signIn(session.user.email, 'a newer secret')).status).toBe(200);
  });
});

describe.runIf(embeddedAuth())('failed passwords per account', () => {
  it('refuses the 11th attempt in 5 minutes at one account, from three addresses under their own limits, even with the right password', async () => {
    // 5 sign-ins a minute per address: the per-IP limit alone would let 15 through from three.
    const limited = await server.sibling({ rateLimits: { authPerMinute: 5 } });
    try {
      const address = email();
      await server.signUp(address, PASSWORD);
      const from = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
      const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signInFrom(from[i % 3]!, limited, address, `guess ${i}`)));
      expect(guesses.map((guess) => guess.body.error_code)).toEqual(Array(10).fill('invalid_credentials'));
      const right = await signInFrom('127.0.0.4', limited, address, PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(300);
      // Another account is not held back.
      const other = email();
      await server.signUp(other, PASSWORD);
      expect((await signInFrom('127.0.0.2', limited, other, PASSWORD)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts a right password as no failure, and wrong current_passwords on PUT /user as failures', async () => {
    const address = email();
    const session = await stale.signUp(address, PASSWORD);
    for (let i = 0; i < 12; i++) expect((await signIn(address, PASSWORD, stale)).status).toBe(200);
    const guesses = [];
    for (let i = 0; i < 10; i++) guesses.push((await put(stale, session, { password: 'taken over now', current_password: `guess ${i}` })).body.error_code);
    expect(guesses).toEqual(Array(10).fill('current_password_invalid'));
    const locked = await put(stale, session, { password: 'taken over now', current_password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error_code).toBe('over_request_rate_limit');
  });
});

// Needs a Redis server: runs when REDIS_URL names one (CI sets it), as the rate limits' own test does.
describe.runIf(embeddedAuth() && process.env.REDIS_URL)('failed passwords per account, two instances sharing Redis', () => {
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

  it('count one account across both: the 11th attempt is refused on either, a right password forgiven', async () => {
    const options = { rateLimits: { authPerMinute: 100 }, rateLimitStore: { redis, prefix } };
    const [one, two] = await Promise.all([server.sibling(options), server.sibling(options)]);
    try {
      const address = email();
      await server.signUp(address, PASSWORD);
      expect((await signIn(address, PASSWORD, one)).status).toBe(200);
      const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(address, `guess ${i}`, i % 2 === 0 ? one : two)));
      expect(guesses.map((guess) => guess.body.error_code)).toEqual(Array(10).fill('invalid_credentials'));
      for (const target of [one, two]) {
        const locked = await signIn(address, PASSWORD, target);
        expect(locked.status).toBe(429);
        expect(locked.body.error_code).toBe('over_request_rate_limit');
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(Number(await redis.pttl(`${prefix}failed-password:${address}`))).toBeGreaterThan(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe.runIf(embeddedAuth())('metadata is capped', () => {
  const filler = (bytes: number) => 'x'.repeat(bytes);

  it(`refuses sign-up data over ${MAX_METADATA_BYTES} bytes of JSON with 400 validation_failed, and creates no account`, async () => {
    const address = email();
    const answer = await call(`${server.auth}/signup`, {
      method: 'POST', headers: { apikey: server.keys.anonKey },
      body: JSON.stringify({ email: address, password: PASSWORD, data: { note: filler(MAX_METADATA_BYTES) } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, error_code: 'validation_failed', msg: `user_metadata cannot be larger than ${MAX_METADATA_BYTES} bytes of JSON` });
    expect((await signIn(address, PASSWORD)).body.error_code).toBe('invalid_credentials');
  });

  it('refuses a PUT /user whose merged user_metadata would pass the cap, keeping what was there; up to the cap is accepted', async () => {
    const session = await server.signUp(email(), PASSWORD);
    // {"a":"..."} is 8 bytes around the string.
    const half = filler(MAX_METADATA_BYTES / 2);
    expect((await put(server, session, { data: { a: half } })).status).toBe(200);
    const over = await put(server, session, { data: { b: half } });
    expect(over.status).toBe(400);
    expect(over.body.error_code).toBe('validation_failed');
    const user = await call(`${server.auth}/user`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` } });
    expect(user.body.user_metadata).toEqual({ a: half });
    // Replacing the key (a null removes it) keeps the total under the cap.
    const exact = filler(MAX_METADATA_BYTES - '{"b":""}'.length);
    const replaced = await put(server, session, { data: { a: null, b: exact } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.user_metadata).toEqual({ b: exact });
  });
});

describe('a NUL anywhere in a body is 400 validation_failed on every route', () => {
  const NUL = '\u0000';

  it('sign-up, both grants and PUT /user refuse it before any query', async () => {
    const post = (path: string, body: unknown) =>
      call(`${server.auth}${path}`, { method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify(body) });
    const refusals = [
      await post('/signup', { email: `ann${NUL}@example.com`, password: PASSWORD }),
      await post('/signup', { email: email(), password: `pass${NUL}word` }),
      await post('/signup', { email: email(), password: PASSWORD, phone: `+1${NUL}` }),
      await post('/signup', { email: email(), password: PASSWORD, data: { [`k${NUL}`]: 1 } }),
      await post('/token?grant_type=password', { email: `ann${NUL}@example.com`, password: PASSWORD }),
      await post('/token?grant_type=password', { email: email(), password: NUL }),
      await post('/token?grant_type=refresh_token', { refresh_token: `abc${NUL}` }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status, refusal.text).toBe(400);
      expect(refusal.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    }
    expect(refusals[0]!.body.msg).toBe('Unable to validate email address: invalid format');
    expect(refusals[1]!.body.msg).toBe('password must not contain the NUL character (\\u0000)');
  });

  it.runIf(embeddedAuth())('PUT /user too, changing nothing', async () => {
    const session = await server.signUp(email(), PASSWORD);
    for (const body of [{ email: `b${NUL}@example.com` }, { data: { note: `a${NUL}b` } }, { password: `x${NUL}xxxxxx` }]) {
      const answer = await put(server, session, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error_code).toBe('validation_failed');
    }
    expect((await signIn(session.user.email, PASSWORD)).status).toBe(200);
  });
});
