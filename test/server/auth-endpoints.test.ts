// /auth/v1 as Supabase Auth answers it: signup, the password grant, user and logout, both error
// shapes, the access token's claims, and accounts that no API role can read.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_SETTINGS } from '../../src/server/auth/routes.js';
import { call, startTestServer, type Answer } from '../helpers/server.js';

// Passwords hashed at the service's own cost (other files hash cheaper): this file tests the hash.
const server = await startTestServer({ auth: DEFAULT_AUTH_SETTINGS });
afterAll(() => server.close());

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VERSIONED = { 'x-supabase-api-version': '2024-01-01' };

const email = () => `${randomUUID()}@example.com`;

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${server.auth}${path}`, {
    method: 'POST',
    headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function withToken(method: string, path: string, token: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${server.auth}${path}`, {
    method,
    headers: { apikey: server.keys.anonKey, authorization: `Bearer ${token}`, ...headers },
  });
}

/** Both error shapes of Supabase Auth for one failure, plus the x-sb-error-code header. */
async function expectAuthError(send: (headers: Record<string, string>) => Promise<Answer>, status: number, code: string, msg: string) {
  const legacy = await send({});
  expect(legacy.status, legacy.text).toBe(status);
  expect(legacy.body).toMatchObject({ code: status, error_code: code, msg });
  expect(legacy.headers.get('x-sb-error-code')).toBe(code);
  expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
  const versioned = await send(VERSIONED);
  expect(versioned.status).toBe(status);
  expect(versioned.body).toMatchObject({ code, message: msg });
  expect(versioned.body).not.toHaveProperty('msg');
  expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  return { legacy, versioned };
}

describe('POST /signup', () => {
  it('creates a confirmed account and answers a session', async () => {
    const address = email();
    const reply = await post('/signup', { email: address, password: 'secret-enough' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const now = Math.floor(Date.now() / 1000);
    expect(reply.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expect.any(Number),
      refresh_token: expect.any(String),
      user: {
        id: expect.stringMatching(UUID),
        aud: 'authenticated',
        role: 'authenticated',
        email: address,
        email_confirmed_at: expect.stringMatching(TIMESTAMP),
        phone: '',
        confirmed_at: expect.stringMatching(TIMESTAMP),
        last_sign_in_at: expect.stringMatching(TIMESTAMP),
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        identities: [{
          identity_id: expect.stringMatching(UUID),
          id: reply.body.user.id,
          user_id: reply.body.user.id,
          identity_data: { email: address, email_verified: true, phone_verified: false, sub: reply.body.user.id },
          provider: 'email',
          last_sign_in_at: expect.stringMatching(TIMESTAMP),
          created_at: expect.stringMatching(TIMESTAMP),
          updated_at: expect.stringMatching(TIMESTAMP),
          email: address,
        }],
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
        is_anonymous: false,
      },
    });
    expect(reply.body.expires_at).toBeGreaterThanOrEqual(now + 3600 - 5);
    expect(reply.body.expires_at).toBeLessThanOrEqual(now + 3600 + 5);
  });

  it('puts the claims of Supabase Auth into the access token, which works on /rest/v1', async () => {
    const session = await server.signUp();
    const claims = decodeJwt(session.access_token);
    expect(claims).toEqual({
      iss: 'practice',
      sub: session.user.id,
      aud: 'authenticated',
      exp: session.expires_at,
      iat: expect.any(Number),
      email: session.user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      session_id: expect.stringMatching(UUID),
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    const reply = await call(`${server.rest}/clients?select=id`, {
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it('stores the email trimmed and in lower case', async () => {
    const local = randomUUID();
    const session = await server.signUp(`  ${local}@Example.COM `);
    expect(session.user.email).toBe(`${local}@example.com`);
  });

  it('refuses an email already registered, whatever its case: 422 user_already_exists', async () => {
    const address = email();
    await server.signUp(address);
    await expectAuthError(
      (headers) => post('/signup', { email: address.toUpperCase(), password: 'another-one' }, headers),
      422, 'user_already_exists', 'User already registered',
    );
  });

  it('refuses a short password: 422 weak_password with its reasons', async () => {
    const { legacy, versioned } = await expectAuthError(
      (headers) => post('/signup', { email: email(), password: '12345' }, headers),
      422, 'weak_password', 'Password should be at least 6 characters.',
    );
    expect(legacy.body).toEqual({
      code: 422, error_code: 'weak_password', msg: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] },
    });
    expect(versioned.body).toEqual({
      code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] },
    });
  });

  it('refuses a password over 72 bytes with 400, and accepts one of exactly 72', async () => {
    await expectAuthError(
      (headers) => post('/signup', { email: email(), password: 'x'.repeat(73) }, headers),
      400, 'validation_failed', 'Password cannot be longer than 72 characters',
    );
    expect((await post('/signup', { email: email(), password: 'x'.repeat(72) })).status).toBe(200);
  });

  it('refuses a missing email, a malformed one, a missing password and a body that is not JSON', async () => {
    await expectAuthError((h) => post('/signup', { password: 'secret-enough' }, h), 422, 'validation_failed', 'To signup, please provide your email');
    await expectAuthError((h) => post('/signup', { email: 'not-an-email', password: 'secret-enough' }, h),
      400, 'validation_failed', 'Unable to validate email address: invalid format');
    await expectAuthError((h) => post('/signup', { email: email() }, h), 422, 'validation_failed', 'Signup requires a valid password');
    await expectAuthError((h) => post('/signup', '{"email":', h), 400, 'bad_json', 'Could not parse request body as JSON');
    await expectAuthError((h) => post('/signup', '[1,2]', h), 400, 'bad_json', 'Could not parse request body as JSON');
  });
});

describe('POST /token?grant_type=password', () => {
  it('signs in: a new session, and last_sign_in_at moves', async () => {
    const address = email();
    const first = await server.signUp(address, 'secret-enough');
    const reply = await post('/token?grant_type=password', { email: address, password: 'secret-enough' });
    expect(reply.status).toBe(200);
    expect(reply.body.user.id).toBe(first.user.id);
    expect(reply.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(reply.body.access_token).session_id).not.toBe(decodeJwt(first.access_token).session_id);
    expect(Date.parse(reply.body.user.last_sign_in_at)).toBeGreaterThanOrEqual(Date.parse(first.user.last_sign_in_at as string));
  });

  it('answers a wrong password and an unknown email with the same 400 invalid_credentials', async () => {
    const address = email();
    await server.signUp(address, 'secret-enough');
    const wrong = await expectAuthError(
      (h) => post('/token?grant_type=password', { email: address, password: 'not-the-password' }, h),
      400, 'invalid_credentials', 'Invalid login credentials',
    );
    const unknown = await expectAuthError(
      (h) => post('/token?grant_type=password', { email: email(), password: 'not-the-password' }, h),
      400, 'invalid_credentials', 'Invalid login credentials',
    );
    expect(unknown.legacy.text).toBe(wrong.legacy.text);
    expect(unknown.versioned.text).toBe(wrong.versioned.text);
  });

  it('takes as long for an unknown email as for a wrong password (both hash once)', async () => {
    const address = email();
    await server.signUp(address, 'secret-enough');
    const timed = async (body: unknown) => {
      const started = performance.now();
      expect((await post('/token?grant_type=password', body)).status).toBe(400);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await timed({ email: address, password: 'not-the-password' }));
      unknown.push(await timed({ email: email(), password: 'not-the-password' }));
    }
    // A check without a hash would answer in a few milliseconds; scrypt takes tens.
    expect(median(unknown)).toBeGreaterThan(20);
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(wrong)).toBeLessThan(2);
  });

  it('refuses a missing email with 400 validation_failed, and an unknown grant the OAuth way', async () => {
    await expectAuthError((h) => post('/token?grant_type=password', { password: 'x' }, h), 400, 'validation_failed', 'missing email or phone');
    const reply = await post('/token?grant_type=client_credentials', {});
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'unsupported_grant_type', error_description: 'grant_type must be password or refresh_token' });
  });
});

describe('GET /user', () => {
  it('answers the signed-in user', async () => {
    const session = await server.signUp();
    const reply = await withToken('GET', '/user', session.access_token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(session.user);
  });

  it('wants a bearer token: 401 no_authorization', async () => {
    await expectAuthError(
      (h) => call(`${server.auth}/user`, { headers: { apikey: server.keys.anonKey, ...h } }),
      401, 'no_authorization', 'This endpoint requires a valid Bearer token',
    );
  });

  it('refuses a bad or expired token with 403 bad_jwt', async () => {
    const session = await server.signUp();
    const [head, payload] = session.access_token.split('.');
    await expectAuthError((h) => withToken('GET', '/user', `${head}.${payload}.bm90LWEtc2lnbmF0dXJl`, h),
      403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, JWT cryptographic operation failed');
    const { signAccessToken } = await import('../../src/server/auth/tokens.js');
    const expired = await signAccessToken(server.keys.jwtSecret, { sub: session.user.id }, 60, new Date(Date.now() - 3_600_000));
    await expectAuthError((h) => withToken('GET', '/user', expired.token, h),
      403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, JWT expired');
  });

  it('refuses the anon key as a user token (no sub), and a token for no account', async () => {
    await expectAuthError((h) => withToken('GET', '/user', server.keys.anonKey, h), 403, 'bad_jwt', 'invalid claim: missing sub claim');
    const { token } = await server.therapist();
    await expectAuthError((h) => withToken('GET', '/user', token, h), 403, 'user_not_found', 'User from sub claim in JWT does not exist');
  });
});

describe('POST /logout', () => {
  it('ends every session of the user by default: 204, then its tokens are refused', async () => {
    const address = email();
    const first = await server.signUp(address, 'secret-enough');
    const second = (await post('/token?grant_type=password', { email: address, password: 'secret-enough' })).body;
    const reply = await withToken('POST', '/logout', first.access_token);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    for (const session of [first, second]) {
      await expectAuthError((h) => withToken('GET', '/user', session.access_token, h),
        403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      await expectAuthError((h) => post('/token?grant_type=refresh_token', { refresh_token: session.refresh_token }, h),
        400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
  });

  it('scope=local ends this session only; scope=others every other one', async () => {
    const address = email();
    const a = await server.signUp(address, 'secret-enough');
    const b = (await post('/token?grant_type=password', { email: address, password: 'secret-enough' })).body;
    const c = (await post('/token?grant_type=password', { email: address, password: 'secret-enough' })).body;
    expect((await withToken('POST', '/logout?scope=local', a.access_token)).status).toBe(204);
    expect((await withToken('GET', '/user', a.access_token)).status).toBe(403);
    expect((await withToken('GET', '/user', b.access_token)).status).toBe(200);
    expect((await withToken('POST', '/logout?scope=others', b.access_token)).status).toBe(204);
    expect((await withToken('GET', '/user', b.access_token)).status).toBe(200);
    expect((await withToken('GET', '/user', c.access_token)).status).toBe(403);
  });

  it('wants a bearer token, and refuses an unknown scope', async () => {
    await expectAuthError(
      (h) => call(`${server.auth}/logout`, { method: 'POST', headers: { apikey: server.keys.anonKey, ...h } }),
      401, 'no_authorization', 'This endpoint requires a valid Bearer token',
    );
    const session = await server.signUp();
    await expectAuthError((h) => withToken('POST', '/logout?scope=everyone', session.access_token, h),
      400, 'validation_failed', 'Unsupported logout scope "everyone"');
  });
});

describe('the auth schema', () => {
  it('is out of reach of every API role, even service_role', async () => {
    const session = await server.signUp();
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['auth.users', 'auth.sessions', 'auth.refresh_tokens']) {
        await expect(
          server.db.transaction(async (tx) => {
            await tx.query(`select set_config('role', $1, true)`, [role]);
            return tx.query(`select * from ${table}`);
          }),
          `${role} reading ${table}`,
        ).rejects.toMatchObject({ code: '42501' });
      }
    }
    const [stored] = await server.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1', [session.user.id],
    );
    expect(stored!.encrypted_password).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored!.encrypted_password).not.toContain('correct horse battery');
  });

  it('checks a password at the cost it was hashed at, after the service\'s cost changes', async () => {
    const cheaper = await server.sibling({ auth: { passwordHashCost: 10 } });
    try {
      const session = await cheaper.signUp(undefined, 'secret-enough');
      const [stored] = await server.db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1', [session.user.id],
      );
      expect(stored!.encrypted_password).toMatch(/^scrypt\$10\$8\$1\$/);
      // This instance hashes at 2^15, and signs the account in with its 2^10 hash.
      const signedIn = await post('/token?grant_type=password', { email: session.user.email, password: 'secret-enough' });
      expect(signedIn.status, signedIn.text).toBe(200);
      expect((await post('/token?grant_type=password', { email: session.user.email, password: 'not-the-password' })).status).toBe(400);
    } finally {
      await cheaper.close();
    }
  });

  it('keeps refresh tokens only as their digests', async () => {
    const session = await server.signUp();
    const rows = await server.db.query<{ token_hash: string }>('select token_hash from auth.refresh_tokens');
    expect(rows.some((row) => row.token_hash === session.refresh_token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
