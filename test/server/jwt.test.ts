// Bearer tokens on /rest/v1 that must not pass: each answered 401 with PostgREST's code and message
// and a WWW-Authenticate header, never as anon and never as the role the token claims.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import { call, startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const WRONG_SECRET = new TextEncoder().encode('a-different-secret-of-at-least-32-bytes!!');

function userClaims(sub = randomUUID()) {
  return { sub, aud: 'authenticated', role: 'authenticated', iat: now(), exp: now() + 3600 };
}

async function signed(claims: Record<string, unknown>, alg = 'HS256', secret = new TextEncoder().encode(server.keys.jwtSecret)) {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
}

type Case = [name: string, token: () => Promise<string>, code: string, message: string];

const CASES: Case[] = [
  ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(userClaims())}.`, 'PGRST301', 'JWT cryptographic operation failed'],
  ['HS512 with the right secret', () => signed(userClaims(), 'HS512'), 'PGRST301', 'JWT cryptographic operation failed'],
  ['signed with a wrong key', () => signed(userClaims(), 'HS256', WRONG_SECRET), 'PGRST301', 'JWT cryptographic operation failed'],
  ['a tampered payload', async () => {
    const [head, , signature] = (await signed(userClaims())).split('.');
    return `${head}.${b64(userClaims())}.${signature}`;
  }, 'PGRST301', 'JWT cryptographic operation failed'],
  ['two parts', async () => (await signed(userClaims())).split('.').slice(0, 2).join('.'), 'PGRST301', 'Expected 3 parts in JWT; got 2'],
  ['empty', async () => '', 'PGRST301', 'Empty JWT is sent in Authorization header'],
  ['expired', () => signed({ ...userClaims(), iat: now() - 7200, exp: now() - 3600 }), 'PGRST303', 'JWT expired'],
  ['nbf in the future', () => signed({ ...userClaims(), nbf: now() + 3600 }), 'PGRST303', 'JWT not yet valid'],
  ['iat in the future', () => signed({ ...userClaims(), iat: now() + 3600 }), 'PGRST303', 'JWT issued at future'],
  ['no sub', async () => {
    const { sub: _, ...claims } = userClaims();
    return signed(claims);
  }, 'PGRST303', 'JWT has no valid sub claim: the user id must be a uuid'],
  ['role service_role forged with a wrong key', () =>
    signed({ role: 'service_role', iss: 'practice', iat: now() }, 'HS256', WRONG_SECRET), 'PGRST301', 'JWT cryptographic operation failed'],
  ['an unknown role', () => signed({ ...userClaims(), role: 'postgres' }), 'PGRST303', "JWT role 'postgres' is not allowed"],
];

describe.each(CASES)('a token: %s', (_name, token, code, message) => {
  it(`is refused with 401 ${code}`, async () => {
    for (const path of ['/clients?select=id', '/']) {
      const reply = await call(`${server.rest}${path}`, {
        headers: { apikey: server.keys.anonKey, authorization: `Bearer ${await token()}` },
      });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code, details: null, hint: null, message });
      expect(reply.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
      );
    }
  });
});

describe('tokens that pass', () => {
  it('accepts a token within the 30 s of tolerated clock skew', async () => {
    const token = await signed({ ...userClaims(), iat: now() - 3600, exp: now() - 10 });
    const reply = await call(`${server.rest}/clients?select=id`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(200);
  });

  it('accepts the service key as a bearer token: service_role', async () => {
    const reply = await call(`${server.rest}/clients?select=id`, {
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${server.keys.serviceKey}` },
    });
    expect(reply.status).toBe(200);
  });

  it('accepts the access tokens the service mints', async () => {
    const { token } = await signAccessToken(server.keys.jwtSecret, { sub: randomUUID() });
    const reply = await call(`${server.rest}/clients?select=id`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(200);
  });
});
