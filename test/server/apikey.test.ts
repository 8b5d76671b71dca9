// The gateway's apikey (PROTOCOL.md section 7) on every /rest/v1 and /auth/v1 route: missing and
// unknown keys get Supabase's two 401 bodies; the anon key alone is anon, the service key service_role.
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../helpers/server.js';
import { embeddedAuth } from '../helpers/store.js';

const server = await startTestServer();
afterAll(() => server.close());

const MISSING = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
const INVALID = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };

// Every route of both APIs, and a path under each that has no route.
const ROUTES: Array<[string, string]> = [
  ['GET', '/rest/v1/'],
  ['GET', '/rest/v1/clients'],
  ['HEAD', '/rest/v1/clients'],
  ['POST', '/rest/v1/clients'],
  ['PATCH', '/rest/v1/clients?id=eq.1'],
  ['DELETE', '/rest/v1/clients?id=eq.1'],
  ['GET', '/rest/v1/no/such/path'],
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['POST', '/auth/v1/token?grant_type=refresh_token'],
  ['POST', '/auth/v1/logout'],
  ['GET', '/auth/v1/user'],
  ['GET', '/auth/v1/no-such-endpoint'],
];

describe.each(ROUTES)('%s %s', (method, path) => {
  it('without apikey: 401 "No API key found in request", even with a valid user token', async () => {
    const { headers } = await server.therapist();
    const { apikey: _, ...withoutKey } = headers;
    const reply = await call(`${server.url}${path}`, { method, headers: withoutKey, ...(method === 'POST' || method === 'PATCH' ? { body: '{}' } : {}) });
    expect(reply.status).toBe(401);
    if (method !== 'HEAD') expect(reply.body).toEqual(MISSING);
  });

  it('with an unknown apikey: 401 "Invalid API key"', async () => {
    for (const apikey of ['nonsense', `${server.keys.anonKey}x`, server.keys.anonKey.slice(0, -1)]) {
      const reply = await call(`${server.url}${path}`, { method, headers: { apikey } });
      expect(reply.status).toBe(401);
      if (method !== 'HEAD') expect(reply.body).toEqual(INVALID);
    }
  });
});

describe('where the key may be', () => {
  it('is accepted as ?apikey=, and that parameter is not taken for a filter', async () => {
    const { token } = await server.therapist();
    const reply = await call(`${server.rest}/clients?apikey=${server.keys.anonKey}&select=id`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it.runIf(embeddedAuth())('is accepted as ?apikey= on /auth/v1 too', async () => {
    const { token } = await server.therapist();
    const auth = await call(`${server.auth}/user?apikey=${server.keys.anonKey}`, { headers: { authorization: `Bearer ${token}` } });
    expect(auth.body.error_code).toBe('user_not_found');
  });

  it('does not gate what is outside both APIs', async () => {
    const reply = await call(`${server.url}/elsewhere`);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('PGRST125');
  });
});

describe('the anon key alone runs as anon', () => {
  it('reads nothing, though rows exist', async () => {
    const t = await server.therapist();
    const created = await call(`${server.rest}/clients`, { method: 'POST', headers: t.headers, body: JSON.stringify({ name: 'Ann' }) });
    expect(created.status).toBe(201);
    const reply = await call(`${server.rest}/clients?select=id`, { headers: { apikey: server.keys.anonKey } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it('is refused every write with 401', async () => {
    const headers = { apikey: server.keys.anonKey, 'content-type': 'application/json' };
    const writes: Array<[string, string, string | undefined]> = [
      ['POST', '/clients', JSON.stringify({ name: 'Ann' })],
      ['PATCH', '/clients?name=eq.Ann', JSON.stringify({ name: 'Bob' })],
      ['DELETE', '/clients?name=eq.Ann', undefined],
    ];
    for (const [method, path, body] of writes) {
      const reply = await call(`${server.rest}${path}`, { method, headers, ...(body ? { body } : {}) });
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(401);
      expect(reply.body.code).toBe('42501');
    }
  });
});

describe('the service key', () => {
  it('runs as service_role, which row-level security does not confine', async () => {
    const a = await server.therapist();
    const b = await server.therapist();
    for (const t of [a, b]) {
      await call(`${server.rest}/clients`, { method: 'POST', headers: t.headers, body: JSON.stringify({ name: `of ${t.id}` }) });
    }
    const reply = await call(`${server.rest}/clients?select=therapist_id&therapist_id=in.(${a.id},${b.id})`, {
      headers: { apikey: server.keys.serviceKey },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.map((row: { therapist_id: string }) => row.therapist_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('may stand beside a user token, which then decides who the request is', async () => {
    const t = await server.therapist();
    const other = await server.therapist();
    for (const owner of [t, other]) {
      await call(`${server.rest}/clients`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ name: 'Ann' }) });
    }
    const reply = await call(`${server.rest}/clients?select=therapist_id`, {
      headers: { apikey: server.keys.serviceKey, authorization: `Bearer ${t.token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ therapist_id: t.id }]);
  });
});
