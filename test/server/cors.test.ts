// CORS as Supabase's gateway answers a browser (docs/supabase-compat.md): preflights need no apikey,
// pass every rate limit, and answer 200 with the methods and headers supabase-js sends; answers,
// errors included, name the allowed origin and expose Content-Range, Range-Unit and Location.
import { afterAll, describe, expect, it } from 'vitest';
import { call, startTestServer } from '../helpers/server.js';

const APP = 'https://app.example.com';

// Small limits, so a preflight counted by any of them would be refused here.
const server = await startTestServer({ rateLimits: { readsPerMinute: 2, writesPerMinute: 2, authPerMinute: 2 } });
const narrowed = await startTestServer({ corsOrigins: [APP, 'http://localhost:5173'] });
afterAll(() => Promise.all([server.close(), narrowed.close()]));

const SUPABASE_JS_HEADERS = 'authorization, apikey, content-type, prefer, range, accept-profile, content-profile, x-client-info';

function preflight(url: string, method: string, origin = APP) {
  return call(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': SUPABASE_JS_HEADERS },
  });
}

const listed = (value: string | null) => (value ?? '').split(',').map((item) => item.trim().toLowerCase());

describe('preflight', () => {
  it.each([
    ['/rest/v1/clients', 'PATCH'],
    ['/rest/v1/appointments', 'PUT'],
    ['/rest/v1/', 'GET'],
    ['/auth/v1/token?grant_type=password', 'POST'],
    ['/auth/v1/user', 'PUT'],
    ['/auth/v1/signup', 'POST'],
  ])('OPTIONS %s for %s: 200 without an apikey, naming the methods and headers', async (path, method) => {
    const answer = await preflight(`${server.url}${path}`, method);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(listed(answer.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']));
    expect(listed(answer.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(listed(SUPABASE_JS_HEADERS)));
    expect(answer.headers.get('access-control-max-age')).toBe('86400');
  });

  it('is never counted by a rate limit: ten preflights, then the reads and sign-ins still have their allowance', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await preflight(`${server.rest}/clients`, 'GET')).status).toBe(200);
      expect((await preflight(`${server.auth}/token?grant_type=password`, 'POST')).status).toBe(200);
    }
    const t = await server.therapist();
    expect((await call(`${server.rest}/clients`, { headers: t.headers })).status).toBe(200);
    // Refused for its missing email (400), not as over the limit (429): no account is looked up,
    // so it is the same on every store, Supabase's auth.users included.
    const signIn = await call(`${server.auth}/token?grant_type=password`, { method: 'POST', headers: { apikey: server.keys.anonKey }, body: '{}' });
    expect(signIn.status).toBe(400);
  });
});

describe('answers', () => {
  it('name the origin and expose the headers a browser client reads', async () => {
    const t = await server.therapist();
    const answer = await call(`${server.rest}/clients?select=id`, { headers: { ...t.headers, origin: APP, prefer: 'count=exact' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(listed(answer.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['content-range', 'range-unit', 'location', 'preference-applied', 'retry-after', 'x-supabase-api-version']));
  });

  it('a refusal too: a browser can read why it was refused', async () => {
    const missingKey = await call(`${server.rest}/clients`, { headers: { origin: APP } });
    expect(missingKey.status).toBe(401);
    expect(missingKey.headers.get('access-control-allow-origin')).toBe('*');
    const badLogin = await call(`${server.auth}/token?grant_type=password`, {
      method: 'POST', headers: { apikey: server.keys.anonKey, origin: APP }, body: '{}',
    });
    expect(badLogin.status).toBe(400);
    expect(badLogin.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('narrowed to a list of origins', () => {
  it('reflects a listed origin, with Vary: Origin', async () => {
    const answer = await preflight(`${narrowed.rest}/clients`, 'GET', 'http://localhost:5173');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(listed(answer.headers.get('vary'))).toContain('origin');
    const t = await narrowed.therapist();
    const read = await call(`${narrowed.rest}/clients`, { headers: { ...t.headers, origin: APP } });
    expect(read.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('names no origin to any other site, so its browser refuses the answer', async () => {
    const answer = await preflight(`${narrowed.rest}/clients`, 'GET', 'https://evil.example');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const t = await narrowed.therapist();
    const read = await call(`${narrowed.rest}/clients`, { headers: { ...t.headers, origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
