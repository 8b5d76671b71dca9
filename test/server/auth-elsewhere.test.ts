// The service on a hosted Supabase project's database (the supabase store): accounts and sign-in
// are Supabase Auth's, at the project's own URL. Every /auth/v1 request that would need an account
// answers 422 email_provider_disabled in Supabase Auth's shapes, never a 500; settings and health
// still answer, and REST serves a user whose token Supabase Auth signed with the project's JWT secret.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import { caller, createClient, SINGLE } from '../helpers/fixtures.js';
import { call, startTestServer, type Answer, type TestServer } from '../helpers/server.js';
import { testStore } from '../helpers/store.js';

const VERSIONED = { 'x-supabase-api-version': '2024-01-01' };
const MESSAGE = "Accounts on this deployment are kept by the project's Supabase Auth, not by this service: sign up and sign in there, at the project's own URL";

// A hosted project also has Supabase Auth's sessions and refresh tokens, tables named as the
// embedded service's with other columns (its migrations 00_init_auth_schema and
// 20220811173540_add_sessions_table, abridged); the fixture leaves them out, so they are added here.
const SUPABASE_SESSIONS = `
  create table auth.sessions (
    id uuid primary key, user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz, updated_at timestamptz, factor_id uuid, not_after timestamptz, refreshed_at timestamp
  );
  create table auth.refresh_tokens (
    instance_id uuid, id bigserial primary key, token varchar(255), user_id varchar(255), revoked boolean,
    created_at timestamptz, updated_at timestamptz, parent varchar(255),
    session_id uuid references auth.sessions (id) on delete cascade
  );`;

describe.runIf(testStore() === 'supabase')('/auth/v1 where the accounts are Supabase Auth\'s', () => {
  let server: TestServer;
  /** A user as Supabase Auth leaves one: a row in its auth.users, a session, and the access token it signed. */
  let user: { id: string; email: string; token: string };

  beforeAll(async () => {
    server = await startTestServer({ schemaSql: SUPABASE_SESSIONS });
    const id = randomUUID();
    const sessionId = randomUUID();
    const email = `${id}@example.com`;
    await server.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'bcrypt-hash', now(),
               '{"provider": "email", "providers": ["email"]}', '{}', now(), now())`,
      [id, email],
    );
    await server.db.query('insert into auth.sessions (id, user_id, created_at) values ($1, $2, now())', [sessionId, id]);
    const { token } = await signAccessToken(server.keys.jwtSecret, { sub: id, email, sessionId });
    user = { id, email, token };
  });
  afterAll(() => server?.close());

  /** Each route that needs an account, as a client would send it (supabase-js's body and token). */
  const accountRoutes: Array<[string, string, () => { token?: string; body?: unknown }]> = [
    ['POST', '/signup', () => ({ body: { email: `${randomUUID()}@example.com`, password: 'correct horse battery' } })],
    ['POST', '/token?grant_type=password', () => ({ body: { email: user.email, password: 'correct horse battery' } })],
    ['POST', '/token?grant_type=refresh_token', () => ({ body: { refresh_token: 'v1.some-refresh-token' } })],
    ['POST', '/logout', () => ({ token: user.token })],
    ['GET', '/user', () => ({ token: user.token })],
    ['PUT', '/user', () => ({ token: user.token, body: { data: { name: 'Ann' } } })],
  ];

  function send(method: string, path: string, { token, body }: { token?: string; body?: unknown }, headers: Record<string, string> = {}): Promise<Answer> {
    return call(`${server.auth}${path}`, {
      method,
      headers: {
        apikey: server.keys.anonKey,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  it.each(accountRoutes)('%s %s answers 422 email_provider_disabled, pointing at Supabase Auth, in both error shapes', async (method, path, request) => {
    const legacy = await send(method, path, request());
    expect(legacy.status, legacy.text).toBe(422);
    expect(legacy.body).toEqual({ code: 422, error_code: 'email_provider_disabled', msg: MESSAGE });
    expect(legacy.headers.get('x-sb-error-code')).toBe('email_provider_disabled');

    const versioned = await send(method, path, request(), VERSIONED);
    expect(versioned.status, versioned.text).toBe(422);
    expect(versioned.body).toEqual({ code: 'email_provider_disabled', message: MESSAGE });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('checks each request first, as Supabase Auth does: a malformed one keeps its own 4xx', async () => {
    const noBody = await send('POST', '/signup', {});
    expect([noBody.status, noBody.body.error_code]).toEqual([400, 'bad_json']);
    const noEmail = await send('POST', '/token?grant_type=password', { body: { password: 'x' } });
    expect([noEmail.status, noEmail.body.error_code]).toEqual([400, 'validation_failed']);
    const noRefreshToken = await send('POST', '/token?grant_type=refresh_token', { body: {} });
    expect([noRefreshToken.status, noRefreshToken.body.error]).toEqual([400, 'invalid_request']);
    const noToken = await send('GET', '/user', {});
    expect([noToken.status, noToken.body.error_code]).toEqual([401, 'no_authorization']);
    const forged = await send('POST', '/logout', { token: `${user.token.slice(0, -4)}AAAA` });
    expect([forged.status, forged.body.error_code]).toEqual([403, 'bad_jwt']);
  });

  it('leaves Supabase Auth\'s accounts and sessions as they were', async () => {
    const [users] = await server.db.query<{ count: number }>('select count(*)::int as count from auth.users');
    const [sessions] = await server.db.query<{ count: number }>('select count(*)::int as count from auth.sessions');
    expect({ users: users!.count, sessions: sessions!.count }).toEqual({ users: 1, sessions: 1 });
  });

  it('still answers settings, saying email sign-in is off and sign-up closed', async () => {
    const answer = await call(`${server.auth}/settings`, { headers: { apikey: server.keys.anonKey } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ disable_signup: true, mailer_autoconfirm: true, phone_autoconfirm: false, saml_enabled: false });
    expect(Object.entries(answer.body.external).filter(([, on]) => on)).toEqual([]);
    expect(answer.body.external).toHaveProperty('email', false);
  });

  it('still answers health', async () => {
    const answer = await call(`${server.auth}/health`, { headers: { apikey: server.keys.anonKey } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ name: 'GoTrue' });
  });

  it("serves REST to the user whose token Supabase Auth signed with the project's JWT secret", async () => {
    const ann = caller(server, { apikey: server.keys.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' });
    const client = await createClient(ann, { name: 'Carla Diaz' });
    expect(client.therapist_id).toBe(user.id);
    const one = await ann.get(`/clients?id=eq.${client.id}&select=name,therapist_id`, SINGLE);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ name: 'Carla Diaz', therapist_id: user.id });
  });
});
