// What supabase-js calls of /auth/v1 beyond sign-in: PUT /user (password, email, data), /settings
// and /health, as Supabase Auth answers them; the metadata in the access token; auth.jwt() in SQL.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type Answer, type Session } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const email = () => `${randomUUID()}@example.com`;
const PASSWORD = 'correct horse battery';

function put(session: Session, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${server.auth}/user`, {
    method: 'PUT',
    headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function signIn(address: string, password: string): Promise<Answer> {
  return call(`${server.auth}/token?grant_type=password`, {
    method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify({ email: address, password }),
  });
}

describe('PUT /user', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const address = email();
    const session = await server.signUp(address, PASSWORD);
    const answer = await put(session, { password: 'a brand new one' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: session.user.id, email: address });
    expect((await signIn(address, 'a brand new one')).status).toBe(200);
    expect((await signIn(address, PASSWORD)).body).toMatchObject({ error_code: 'invalid_credentials' });
  });

  it('signs the other sessions out with a new password, and keeps the one that changed it', async () => {
    const address = email();
    const session = await server.signUp(address, PASSWORD);
    const other = (await signIn(address, PASSWORD)).body as Session;
    expect((await put(session, { password: 'a brand new one' })).status).toBe(200);
    const refresh = (token: string) => call(`${server.auth}/token?grant_type=refresh_token`, {
      method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify({ refresh_token: token }),
    });
    expect((await refresh(other.refresh_token)).status).toBe(400);
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });

  it('refuses the same password: 422 same_password, both error shapes', async () => {
    const session = await server.signUp(email(), PASSWORD);
    const legacy = await put(session, { password: PASSWORD });
    expect(legacy.status).toBe(422);
    expect(legacy.body).toEqual({ code: 422, error_code: 'same_password', msg: 'New password should be different from the old password.' });
    expect(legacy.headers.get('x-sb-error-code')).toBe('same_password');
    const versioned = await put(session, { password: PASSWORD }, { 'x-supabase-api-version': '2024-01-01' });
    expect(versioned.body).toEqual({ code: 'same_password', message: 'New password should be different from the old password.' });
  });

  it('refuses a weak password as Supabase Auth does: 422 weak_password with its reasons; too long is 400', async () => {
    const session = await server.signUp(email(), PASSWORD);
    for (const weak of ['12345', '']) {
      const answer = await put(session, { password: weak });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        code: 422, error_code: 'weak_password', msg: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] },
      });
    }
    const long = await put(session, { password: 'x'.repeat(73) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error_code: 'validation_failed', msg: 'Password cannot be longer than 72 characters' });
    expect((await signIn(session.user.email, PASSWORD)).status).toBe(200);
  });

  it('merges data into user_metadata (a null removes its key), and the next token carries it', async () => {
    const session = await server.signUp(email(), PASSWORD);
    const first = await put(session, { data: { theme: 'dark', nested: { a: null, b: 1 }, gone: 'soon' } });
    expect(first.status).toBe(200);
    expect(first.body.user_metadata).toEqual({ theme: 'dark', nested: { a: null, b: 1 }, gone: 'soon' });
    const second = await put(session, { data: { gone: null, locale: 'de' } });
    expect(second.body.user_metadata).toEqual({ theme: 'dark', nested: { a: null, b: 1 }, locale: 'de' });
    const refreshed = await call(`${server.auth}/token?grant_type=refresh_token`, {
      method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    const claims = decodeJwt(refreshed.body.access_token);
    expect(claims.user_metadata).toEqual({ theme: 'dark', nested: { a: null, b: 1 }, locale: 'de' });
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('changes the email (the embedded service confirms at once), refusing one that is taken or malformed', async () => {
    const session = await server.signUp(email(), PASSWORD);
    const taken = email();
    await server.signUp(taken);
    const duplicate = await put(session, { email: taken.toUpperCase() });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({ code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' });
    const malformed = await put(session, { email: 'not an email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error_code: 'validation_failed' });
    const fresh = email();
    const changed = await put(session, { email: ` ${fresh.toUpperCase()} ` });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(fresh);
    expect(changed.body.identities[0]).toMatchObject({ provider: 'email', email: fresh, identity_data: { email: fresh, sub: session.user.id } });
    expect((await signIn(fresh, PASSWORD)).status).toBe(200);
  });

  it('refuses app_metadata (403 not_admin) and a caller without a token (401), changing nothing', async () => {
    const session = await server.signUp(email(), PASSWORD);
    const admin = await put(session, { app_metadata: { role: 'admin' }, data: { theme: 'x' } });
    expect(admin.status).toBe(403);
    expect(admin.body).toMatchObject({ error_code: 'not_admin', msg: 'Updating app_metadata requires admin privileges' });
    const anonymous = await call(`${server.auth}/user`, { method: 'PUT', headers: { apikey: server.keys.anonKey }, body: '{"password":"whatever1"}' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error_code: 'no_authorization' });
    const user = await call(`${server.auth}/user`, { headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` } });
    expect(user.body.user_metadata).toEqual({});
    const badJson = await call(`${server.auth}/user`, {
      method: 'PUT', headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` }, body: '{',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ error_code: 'bad_json' });
  });
});

describe('GET /settings and /health', () => {
  it('answers the settings of an email-and-password service that confirms at once', async () => {
    const answer = await call(`${server.auth}/settings`, { headers: { apikey: server.keys.anonKey } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, saml_enabled: false });
    expect(answer.body.external.email).toBe(true);
    expect(Object.entries(answer.body.external).filter(([, on]) => on).map(([name]) => name)).toEqual(['email']);
  });

  it('answers health as GoTrue names itself; both still need the apikey', async () => {
    const answer = await call(`${server.auth}/health`, { headers: { apikey: server.keys.anonKey } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ version: expect.any(String), name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    expect((await call(`${server.auth}/health`)).status).toBe(401);
    expect((await call(`${server.auth}/settings`)).status).toBe(401);
  });
});

describe('sign-up data and auth.jwt()', () => {
  it('keeps sign-up data as user_metadata, and SQL reads the claims with auth.jwt()', async () => {
    const answer = await call(`${server.auth}/signup`, {
      method: 'POST', headers: { apikey: server.keys.anonKey }, body: JSON.stringify({ email: email(), password: PASSWORD, data: { practice: 'Lee Massage' } }),
    });
    expect(answer.status).toBe(200);
    const session = answer.body as Session;
    expect(session.user.user_metadata).toEqual({ practice: 'Lee Massage' });
    const claims = decodeJwt(session.access_token);
    expect(claims.user_metadata).toEqual({ practice: 'Lee Massage' });
    // The claims as the REST pipeline hands them to the database, read back by SQL.
    const row = await server.db.runRequest<{ jwt: Record<string, any>; uid: string }>({
      readOnly: true,
      identity: { role: 'authenticated', claimsJson: JSON.stringify(claims), method: 'GET', path: '/rest/v1/clients', headers: {} },
      statement: { text: 'select auth.jwt() as jwt, auth.uid()::text as uid', values: [] },
    });
    expect(row.uid).toBe(session.user.id);
    expect(row.jwt).toMatchObject({ sub: session.user.id, role: 'authenticated', user_metadata: { practice: 'Lee Massage' }, app_metadata: { provider: 'email' } });
  });
});
