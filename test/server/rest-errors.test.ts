// Every error code the REST interface answers (PROTOCOL.md section 4), each with its status and a body
// of exactly {code, details, hint, message} served as application/json.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anonymous, caller, createAppointment, createClient, createHours, createMessage, createService,
  expectError, expiredCaller, forgedCaller, practice, rows,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

describe('PGRST100: the query cannot be parsed', () => {
  it.each([
    ['an unknown operator', 'name=foo.bar'],
    ['a missing operator', 'name=Ann'],
    ['an empty or group', 'or=()'],
    ['an or without parentheses', 'or=name.eq.Ann'],
    ['a bad order direction', 'order=name.sideways'],
    ['a non-numeric limit', 'limit=ten'],
    ['a non-numeric offset', 'offset=x'],
    ['an is with an unknown keyword', 'notes=is.maybe'],
  ])('%s: %s', async (_name, query) => {
    const t = await practice(server);
    expectError(await t.get(`/clients?${query}`), 400, 'PGRST100');
  });

  it('the message says which filter failed', async () => {
    const t = await practice(server);
    const body = expectError(await t.get('/clients?name=foo.bar'), 400, 'PGRST100');
    expect(`${body.message} ${body.details}`).toMatch(/foo/);
  });
});

describe('PGRST102: the body is not acceptable JSON', () => {
  it.each([
    ['invalid JSON', '{"name": '],
    ['an empty body', ''],
    ['a bare string', '"Ann"'],
    ['an array of non-objects', '[1, 2]'],
  ])('POST with %s', async (_name, body) => {
    const t = await practice(server);
    expectError(await t.post('/clients', body), 400, 'PGRST102');
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('PATCH with invalid JSON', async () => {
    const t = await practice(server);
    const ann = await createClient(t);
    expectError(await t.patch(`/clients?id=eq.${ann.id}`, '{name'), 400, 'PGRST102');
  });

  it('a bulk insert whose objects have different keys: "All object keys must match"', async () => {
    const t = await practice(server);
    const body = expectError(await t.post('/clients', [{ name: 'Ann' }, { phone: '1' }]), 400, 'PGRST102');
    expect(body.message).toBe('All object keys must match');
  });
});

describe('PGRST103: range not satisfiable (416)', () => {
  it('a negative limit', async () => {
    const t = await practice(server);
    expectError(await t.get('/clients?limit=-5'), 416, 'PGRST103');
  });

  it('an offset past the counted total', async () => {
    const t = await practice(server);
    await createClient(t);
    const reply = await t.get('/clients?offset=2', { prefer: 'count=exact' });
    const body = expectError(reply, 416, 'PGRST103');
    expect(body.message).toBe('Requested range not satisfiable');
    expect(reply.headers.get('content-range')).toBe('*/1');
  });
});

describe('PGRST116: not exactly one row for the single-object media type (406)', () => {
  it('no row', async () => {
    const t = await practice(server);
    const body = expectError(
      await t.get('/clients', { accept: 'application/vnd.pgrst.object+json' }), 406, 'PGRST116');
    expect(body.message).toBe('Cannot coerce the result to a single JSON object');
  });
});

describe('PGRST204: an unknown column in the body', () => {
  it('POST', async () => {
    const t = await practice(server);
    const body = expectError(await t.post('/clients', { name: 'Ann', nickname: 'A' }), 400, 'PGRST204');
    expect(body.message).toBe("Could not find the 'nickname' column of 'clients' in the schema cache");
  });

  it('PATCH', async () => {
    const t = await practice(server);
    const ann = await createClient(t);
    const body = expectError(await t.patch(`/clients?id=eq.${ann.id}`, { nickname: 'A' }), 400, 'PGRST204');
    expect(body.message).toBe("Could not find the 'nickname' column of 'clients' in the schema cache");
  });
});

describe('PGRST205: an unknown table (404)', () => {
  it.each(['GET', 'POST', 'PATCH', 'DELETE'])('%s /patients', async (method) => {
    const t = await practice(server);
    const body = expectError(
      await t.request(method, '/patients?id=eq.1', method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined),
      404, 'PGRST205');
    expect(body.message).toBe("Could not find the table 'public.patients' in the schema cache");
  });

  it('a table of another schema is not reachable', async () => {
    const t = await practice(server);
    expectError(await t.get('/pg_authid'), 404, 'PGRST205');
  });
});

describe('42703: an unknown column (400)', () => {
  it.each([
    ['in a filter', '/clients?nickname=eq.A'],
    ['in a filter inside or', '/clients?or=(nickname.eq.A,name.eq.B)'],
    ['in select', '/clients?select=name,nickname'],
    ['in order', '/clients?order=nickname.desc'],
  ])('%s', async (_name, path) => {
    const t = await practice(server);
    const body = expectError(await t.get(path), 400, '42703');
    expect(body.message).toMatch(/nickname/);
  });
});

describe('21000: PATCH or DELETE without a filter (400)', () => {
  it('PATCH', async () => {
    const t = await practice(server);
    expectError(await t.patch('/clients', { phone: '1' }), 400, '21000');
  });

  it('DELETE', async () => {
    const t = await practice(server);
    expectError(await t.delete('/appointments'), 400, '21000');
  });
});

describe('409 conflicts', () => {
  it('23505: a duplicate key', async () => {
    const t = await practice(server);
    const ann = await createClient(t);
    expectError(await t.post('/clients', { id: ann.id, name: 'Ann again' }), 409, '23505');
  });

  it('23503: a reference to a row that does not exist', async () => {
    const t = await practice(server);
    expectError(await t.post('/appointments', {
      date: '2025-03-10', start_time: '09:00', end_time: '10:00', client_id: randomUUID(),
    }), 409, '23503');
  });

  it('23P01: overlapping business hours', async () => {
    const t = await practice(server);
    await createHours(t, { day_of_week: 'tuesday', open_time: '09:00', close_time: '13:00' });
    expectError(await t.post('/business_hours', { day_of_week: 'tuesday', open_time: '12:00', close_time: '17:00' }), 409, '23P01');
  });

  it('PT409: a status transition that is not allowed', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    await t.patch(`/appointments?id=eq.${appointment.id}`, { status: 'completed' });
    const body = expectError(await t.patch(`/appointments?id=eq.${appointment.id}`, { status: 'cancelled' }), 409, 'PT409');
    expect(body.hint).toMatch(/confirmed/);
  });
});

describe('400 bad values', () => {
  it('23514: a check constraint (duration 0)', async () => {
    const t = await practice(server);
    expectError(await t.post('/service_menu', { name: 'Nothing', duration: 0, price: 10 }), 400, '23514');
  });

  it('23502: a required column missing (client without a name)', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients', { phone: '555-0101' }), 400, '23502');
  });

  it('22P02: a value of the wrong type in a filter (uuid)', async () => {
    const t = await practice(server);
    expectError(await t.get('/clients?id=eq.not-a-uuid'), 400, '22P02');
  });

  it('22P02: a value of the wrong type in the body (integer)', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients', { name: 'Ann', total_visits: 'many' }), 400, '22P02');
  });

  it('22P02: a bad item in an in list', async () => {
    const t = await practice(server);
    expectError(await t.get('/clients?total_visits=in.(1,two)'), 400, '22P02');
  });

  it('22007: a malformed date in a filter', async () => {
    const t = await practice(server);
    expectError(await t.get('/appointments?date=eq.tomorrow-ish'), 400, '22007');
  });

  it('22007: a malformed time in the body', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    expectError(await t.post('/appointments', {
      date: '2025-03-10', start_time: 'nine', end_time: '10:00', client_id: client.id,
    }), 400, '22007');
  });
});

describe('42501: refused by privileges or row-level security', () => {
  it('403 for an authenticated caller writing a row for another practice', async () => {
    const t = await practice(server);
    const other = await practice(server);
    expectError(await t.post('/clients', { name: 'Ann', therapist_id: other.id }), 403, '42501');
    expect(await rows(other, '/clients')).toEqual([]);
  });

  it('403 for an authenticated caller moving its row to another practice', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const service = await createService(t);
    expectError(await t.patch(`/service_menu?id=eq.${service.id}`, { therapist_id: other.id }), 403, '42501');
    expect(await rows(t, '/service_menu?select=id')).toEqual([{ id: service.id }]);
  });

  it('403 for changing the append-only conversation log', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const message = await createMessage(t, { client_id: client.id });
    expectError(await t.patch(`/conversation_log?id=eq.${message.id}`, { message: 'edited' }), 403, '42501');
  });

  it('401 for the anon role (apikey alone) writing', async () => {
    const anon = anonymous(server);
    expectError(await anon.post('/clients', { name: 'Ann' }), 401, '42501');
  });
});

describe('401: the bearer token is refused', () => {
  const challenge = /^Bearer error="invalid_token", error_description=".+"$/;

  it('an expired token: PGRST303 "JWT expired"', async () => {
    const expired = await expiredCaller(server, randomUUID());
    const reply = await expired.get('/clients');
    const body = expectError(reply, 401, 'PGRST303');
    expect(body.message).toBe('JWT expired');
    expect(reply.headers.get('www-authenticate')).toMatch(challenge);
  });

  it('a token signed with another secret: PGRST301', async () => {
    const forged = await forgedCaller(server, randomUUID());
    const reply = await forged.get('/clients');
    expectError(reply, 401, 'PGRST301');
    expect(reply.headers.get('www-authenticate')).toMatch(challenge);
  });

  it('a token that is not a JWT: PGRST301 "Expected 3 parts in JWT; got 2"', async () => {
    const broken = caller(server, { apikey: server.keys.anonKey, authorization: 'Bearer abc.def' });
    const reply = await broken.get('/clients');
    const body = expectError(reply, 401, 'PGRST301');
    expect(body.message).toBe('Expected 3 parts in JWT; got 2');
    expect(reply.headers.get('www-authenticate')).toMatch(challenge);
  });

  it('an empty bearer token: PGRST301', async () => {
    const empty = caller(server, { apikey: server.keys.anonKey, authorization: 'Bearer ' });
    const reply = await empty.get('/clients');
    expectError(reply, 401, 'PGRST301');
    expect(reply.headers.get('www-authenticate')).toMatch(challenge);
  });

  it('a token with alg none: PGRST301', async () => {
    const t = await practice(server);
    const [, payload] = t.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = caller(server, { apikey: server.keys.anonKey, authorization: `Bearer ${header}.${payload}.` });
    const reply = await unsigned.get('/clients');
    expectError(reply, 401, 'PGRST301');
  });
});

describe('PGRST107: a media type the service cannot answer (406)', () => {
  it('Accept: text/html', async () => {
    const t = await practice(server);
    expectError(await t.get('/clients', { accept: 'text/html' }), 406, 'PGRST107');
  });
});

describe('the error body', () => {
  it('carries details and hint from PostgreSQL when there are some', async () => {
    const t = await practice(server);
    const reply = await t.post('/appointments', {
      date: '2025-03-10', start_time: '09:00', end_time: '10:00', client_id: randomUUID(),
    });
    const body = expectError(reply, 409, '23503');
    expect(body.details).toEqual(expect.any(String));
  });

  it('an unknown path under /rest/v1 is a 404 with the same body', async () => {
    const t = await practice(server);
    const reply = await t.get('/clients/extra');
    expect(reply.status).toBe(404);
    expect(Object.keys(reply.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});
