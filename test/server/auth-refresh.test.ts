// The refresh_token grant: every refresh rotates the token; a rotated token is honoured again only
// within the grace interval (2 s here, 10 s by default), after which its whole family is revoked.
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type Answer, type Session } from '../helpers/server.js';

const GRACE_SECONDS = 2;

const server = await startTestServer({ auth: { refreshReuseSeconds: GRACE_SECONDS } });
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refresh(refreshToken: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${server.auth}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  });
}

const ALREADY_USED = { code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' };

describe('rotation', () => {
  it('answers a new session for the same user and session, with a new refresh token', async () => {
    const first = await server.signUp();
    const reply = await refresh(first.refresh_token);
    expect(reply.status).toBe(200);
    const next = reply.body as Session;
    expect(next).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expect.any(Number),
      refresh_token: expect.any(String),
      user: { ...first.user, updated_at: expect.any(String) },
    });
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    expect(decodeJwt(next.access_token).sub).toBe(first.user.id);
    // The new token rotates in turn.
    const third = await refresh(next.refresh_token);
    expect(third.status).toBe(200);
    expect(third.body.refresh_token).not.toBe(next.refresh_token);
  });

  it('honours a rotated token again within the grace interval (a client that lost the answer)', async () => {
    const first = await server.signUp();
    const a = await refresh(first.refresh_token);
    const b = await refresh(first.refresh_token);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.refresh_token).not.toBe(a.body.refresh_token);
    // Both descendants stay usable: the family was not revoked.
    expect((await refresh(a.body.refresh_token)).status).toBe(200);
    expect((await refresh(b.body.refresh_token)).status).toBe(200);
  });

  it('lets concurrent refreshes of one token all succeed (two tabs, two instances)', async () => {
    const first = await server.signUp();
    const replies = await Promise.all([1, 2, 3].map(() => refresh(first.refresh_token)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.body.refresh_token)).size).toBe(3);
  });
});

describe('reuse after the grace interval', () => {
  it('is refused with refresh_token_already_used, and revokes the whole family', async () => {
    const first = await server.signUp();
    const second = (await refresh(first.refresh_token)).body as Session;
    await sleep(GRACE_SECONDS * 1000 + 200);

    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(ALREADY_USED);
    expect(reused.headers.get('x-sb-error-code')).toBe('refresh_token_already_used');

    // The legitimate holder's newest token is dead too, and so is the session's access token.
    expect((await refresh(second.refresh_token)).body).toEqual(ALREADY_USED);
    const user = await call(`${server.auth}/user`, {
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${second.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(user.body.error_code).toBe('session_not_found');
  });

  it('leaves the user\'s other sessions alone', async () => {
    const first = await server.signUp(undefined, 'secret-enough');
    const other = await call(`${server.auth}/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: first.user.email, password: 'secret-enough' }),
    });
    await refresh(first.refresh_token);
    await sleep(GRACE_SECONDS * 1000 + 200);
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('answers an unknown token with 400 refresh_token_not_found, in both shapes', async () => {
    const legacy = await refresh('no-such-token');
    expect(legacy.status).toBe(400);
    expect(legacy.body).toEqual({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' });
    const versioned = await refresh('no-such-token', { 'x-supabase-api-version': '2024-01-01' });
    expect(versioned.body).toEqual({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });

  it('answers a missing token the OAuth way: 400 invalid_request, whatever the API version', async () => {
    for (const headers of [{}, { 'x-supabase-api-version': '2024-01-01' }] as Array<Record<string, string>>) {
      for (const token of [undefined, '', 42]) {
        const reply = await refresh(token, headers);
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
      }
    }
  });
});
