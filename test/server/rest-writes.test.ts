// Writes (PROTOCOL.md section 3): Prefer return=minimal|representation|headers-only, bulk insert,
// columns=, upserts, the single-object media type (and its rollback), filterless PATCH/DELETE.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createClient, expectError, insert, JSON_TYPE, practice, REPRESENTATION, rows, SINGLE, UUID,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const OBJECT_TYPE = /^application\/vnd\.pgrst\.object\+json(;\s*charset=utf-8)?$/i;

describe('Prefer: return=', () => {
  it('POST answers 201 without a body by default (return=minimal)', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Ann Lee' });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('');
    expect(await rows(t, '/clients?select=name')).toEqual([{ name: 'Ann Lee' }]);
  });

  it('POST with return=minimal answers 201 without a body', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Ann Lee' }, { prefer: 'return=minimal' });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('');
    expect(reply.headers.get('preference-applied')).toBe('return=minimal');
    expect(reply.headers.get('content-type')).toBeNull();
  });

  it('answers without a body carry no Content-Type; answers with one are JSON', async () => {
    const t = await practice(server);
    const ann = await createClient(t);
    const patched = await t.patch(`/clients?id=eq.${ann.id}`, { phone: '1' });
    expect({ status: patched.status, type: patched.headers.get('content-type') }).toEqual({ status: 204, type: null });
    const loud = await t.patch(`/clients?id=eq.${ann.id}`, { phone: '2' }, REPRESENTATION);
    expect(loud.headers.get('content-type')).toMatch(JSON_TYPE);
    const deleted = await t.delete(`/clients?id=eq.${ann.id}`);
    expect({ status: deleted.status, type: deleted.headers.get('content-type') }).toEqual({ status: 204, type: null });
  });

  it('POST with return=representation answers 201 and the created rows, defaults filled in', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Ann Lee' }, REPRESENTATION);
    expect(reply.status).toBe(201);
    expect(reply.headers.get('content-type')).toMatch(JSON_TYPE);
    expect(reply.headers.get('preference-applied')).toBe('return=representation');
    expect(reply.body).toEqual([
      expect.objectContaining({ id: expect.stringMatching(UUID), name: 'Ann Lee', status: 'active', total_visits: 0, therapist_id: t.id }),
    ]);
  });

  it('return=representation and the single-object answer render times HH:MM and money as numbers', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const reply = await t.post('/appointments?select=start_time,end_time,date',
      { date: '2025-03-10', start_time: '09:05', end_time: '10:35', client_id: client.id }, REPRESENTATION);
    expect(reply.body).toEqual([{ start_time: '09:05', end_time: '10:35', date: '2025-03-10' }]);
    const service = await t.post('/service_menu?select=price,duration', { name: 'Swedish', duration: 60, price: 80.5 },
      { ...REPRESENTATION, ...SINGLE });
    expect(service.body).toEqual({ price: 80.5, duration: 60 });
    expect(service.text).toMatch(/"price"\s*:\s*80\.50?[,}]/);
  });

  it('return=representation honours select=', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?select=name,visits:total_visits', { name: 'Ann Lee', total_visits: 4 }, REPRESENTATION);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual([{ name: 'Ann Lee', visits: 4 }]);
  });

  it('POST with return=headers-only answers 201 and a Location naming the new row by every key column', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Ann Lee' }, { prefer: 'return=headers-only' });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('');
    const location = reply.headers.get('location');
    expect(location).toMatch(new RegExp(`^/clients\\?id=eq\\.[0-9a-f-]{36}&therapist_id=eq\\.${t.id}$`));
    expect(await rows(t, `${location}&select=name`)).toEqual([{ name: 'Ann Lee' }]);
  });

  it('a client-chosen id is kept, and a retried create with it is 409 23505', async () => {
    const t = await practice(server);
    const id = randomUUID();
    expect((await t.post('/clients', { id, name: 'Ann Lee' })).status).toBe(201);
    expect(await rows(t, `/clients?id=eq.${id}&select=id,name`)).toEqual([{ id, name: 'Ann Lee' }]);
    expectError(await t.post('/clients', { id, name: 'Ann Lee' }), 409, '23505');
    expect(await rows(t, '/clients?select=id')).toHaveLength(1);
  });

  it('PATCH answers 204 by default and 200 with the changed rows for return=representation', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee' });
    const quiet = await t.patch(`/clients?id=eq.${ann.id}`, { phone: '1' });
    expect(quiet.status).toBe(204);
    expect(quiet.text).toBe('');
    const loud = await t.patch(`/clients?id=eq.${ann.id}&select=name,phone`, { phone: '2' }, REPRESENTATION);
    expect(loud.status).toBe(200);
    expect(loud.body).toEqual([{ name: 'Ann Lee', phone: '2' }]);
  });

  it('PATCH changes only the rows the filter matches', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann', total_visits: 1 }, { name: 'Bob', total_visits: 5 }, { name: 'Cy', total_visits: 9 }]);
    const reply = await t.patch('/clients?total_visits=gte.5&select=name', { status: 'inactive' }, REPRESENTATION);
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(2);
    expect(await rows(t, '/clients?select=name,status&order=name')).toEqual([
      { name: 'Ann', status: 'active' },
      { name: 'Bob', status: 'inactive' },
      { name: 'Cy', status: 'inactive' },
    ]);
  });

  it('DELETE answers 204 by default and 200 with the deleted rows for return=representation', async () => {
    const t = await practice(server);
    const [ann, bob] = await insert(t, 'clients', [{ name: 'Ann' }, { name: 'Bob' }]);
    const quiet = await t.delete(`/clients?id=eq.${ann!.id}`);
    expect(quiet.status).toBe(204);
    expect(quiet.text).toBe('');
    const loud = await t.delete(`/clients?id=eq.${bob!.id}&select=id,name`, REPRESENTATION);
    expect(loud.status).toBe(200);
    expect(loud.body).toEqual([{ id: bob!.id, name: 'Bob' }]);
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('PATCH and DELETE matching no row answer 204 (or 200 and [])', async () => {
    const t = await practice(server);
    const missing = randomUUID();
    expect((await t.patch(`/clients?id=eq.${missing}`, { name: 'x' })).status).toBe(204);
    expect((await t.delete(`/clients?id=eq.${missing}`)).status).toBe(204);
    const loud = await t.patch(`/clients?id=eq.${missing}`, { name: 'x' }, REPRESENTATION);
    expect({ status: loud.status, body: loud.body }).toEqual({ status: 200, body: [] });
  });
});

describe('bulk insert', () => {
  it('inserts an array of objects in one request', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?select=name', [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }], REPRESENTATION);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual([{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }]);
    expect(await rows(t, '/clients?select=name&order=name')).toHaveLength(3);
  });

  it('an empty array inserts nothing: 201 and []', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', [], REPRESENTATION);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 201, body: [] });
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('refuses objects with different keys (400 PGRST102) and inserts none', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', [{ name: 'Ann' }, { name: 'Bob', phone: '1' }]);
    const body = expectError(reply, 400, 'PGRST102');
    expect(body.message).toBe('All object keys must match');
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('is all or nothing: one bad row rolls back the others', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients', [{ name: 'Ann', status: 'active' }, { name: 'Bob', status: 'bogus' }]), 400, '23514');
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('columns= restricts the inserted columns: extra keys are ignored, omitted ones get defaults', async () => {
    const t = await practice(server);
    const reply = await t.post(
      '/clients?columns=name,phone&select=name,phone,status,email',
      [{ name: 'Ann', phone: '1', email: 'ann@example.com', nickname: 'A' }, { name: 'Bob', phone: '2', email: 'bob@example.com', nickname: 'B' }],
      REPRESENTATION,
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual([
      { name: 'Ann', phone: '1', status: 'active', email: null },
      { name: 'Bob', phone: '2', status: 'active', email: null },
    ]);
  });

  it('columns= lets keys differ between objects; a missing key becomes NULL or the default', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?columns=name,phone&select=name,phone', [{ name: 'Ann', phone: '1' }, { name: 'Bob' }], REPRESENTATION);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual([{ name: 'Ann', phone: '1' }, { name: 'Bob', phone: null }]);
  });

  it('columns= naming an unknown column is refused', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients?columns=name,nickname', { name: 'Ann' }), 400, 'PGRST204');
  });
});

describe('upsert', () => {
  it('resolution=merge-duplicates updates the existing row: 200 when nothing new was inserted', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann', phone: '1' });
    const reply = await t.post('/clients?select=id,name,phone', { id: ann.id, name: 'Ann Lee', phone: '2' },
      { prefer: 'resolution=merge-duplicates,return=representation' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ id: ann.id, name: 'Ann Lee', phone: '2' }]);
    expect(reply.headers.get('preference-applied')).toMatch(/resolution=merge-duplicates/);
    expect(await rows(t, '/clients?select=id,name,phone')).toEqual([{ id: ann.id, name: 'Ann Lee', phone: '2' }]);
  });

  it('resolution=merge-duplicates with new and existing rows: 201, both stored', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    const fresh = randomUUID();
    const reply = await t.post('/clients', [{ id: ann.id, name: 'Ann Lee' }, { id: fresh, name: 'Bob' }],
      { prefer: 'resolution=merge-duplicates' });
    expect(reply.status).toBe(201);
    expect(await rows(t, '/clients?select=id,name&order=name')).toEqual([
      { id: ann.id, name: 'Ann Lee' },
      { id: fresh, name: 'Bob' },
    ]);
  });

  it('resolution=ignore-duplicates keeps the existing row: 201 with [], as PostgREST, unchanged', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann', phone: '1' });
    const reply = await t.post('/clients', { id: ann.id, name: 'Ann Lee', phone: '2' }, { prefer: 'resolution=ignore-duplicates' });
    expect(reply.status).toBe(201);
    const represented = await t.post('/clients', { id: ann.id, name: 'Ann Lee' }, { prefer: 'resolution=ignore-duplicates,return=representation' });
    expect([represented.status, represented.body]).toEqual([201, []]);
    expect(await rows(t, '/clients?select=name,phone')).toEqual([{ name: 'Ann', phone: '1' }]);
  });

  it('resolution=ignore-duplicates inserts the new rows among duplicates: 201', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    const reply = await t.post('/clients?select=name', [{ id: ann.id, name: 'Ann Lee' }, { id: randomUUID(), name: 'Bob' }],
      { prefer: 'resolution=ignore-duplicates,return=representation' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual([{ name: 'Bob' }]);
    expect(await rows(t, '/clients?select=name&order=name')).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('on_conflict= names the conflict columns', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann', phone: '1' });
    const reply = await t.post('/clients?on_conflict=therapist_id,id&select=name,phone',
      { id: ann.id, therapist_id: t.id, name: 'Ann', phone: '9' },
      { prefer: 'resolution=merge-duplicates,return=representation' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ name: 'Ann', phone: '9' }]);
  });

  it('on_conflict= without a resolution is a plain insert: a duplicate is 409 23505', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann', phone: '1' });
    expectError(await t.post('/clients?on_conflict=id', { id: ann.id, name: 'Ann', phone: '9' }), 409, '23505');
    expect(await rows(t, '/clients?select=phone')).toEqual([{ phone: '1' }]);
  });

  it('on_conflict= naming an unknown column is 42703', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients?on_conflict=nickname', { name: 'Ann' }, { prefer: 'resolution=merge-duplicates' }), 400, '42703');
  });
});

describe('Accept: application/vnd.pgrst.object+json', () => {
  it('GET answers one object, not an array', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    await createClient(t, { name: 'Bob' });
    const reply = await t.get(`/clients?id=eq.${ann.id}&select=id,name`, SINGLE);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(OBJECT_TYPE);
    expect(reply.body).toEqual({ id: ann.id, name: 'Ann' });
  });

  it('GET of 0 rows is 406 PGRST116', async () => {
    const t = await practice(server);
    const body = expectError(await t.get(`/clients?id=eq.${randomUUID()}`, SINGLE), 406, 'PGRST116');
    expect(body.message).toBe('Cannot coerce the result to a single JSON object');
    expect(body.details).toMatch(/0 rows/);
  });

  it('GET of 2 rows is 406 PGRST116', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann' }, { name: 'Bob' }]);
    const body = expectError(await t.get('/clients', SINGLE), 406, 'PGRST116');
    expect(body.details).toMatch(/2 rows/);
  });

  it('POST of one row answers the object', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?select=name', { name: 'Ann' }, { ...SINGLE, ...REPRESENTATION });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ name: 'Ann' });
  });

  it('PATCH of one row answers the object', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    const reply = await t.patch(`/clients?id=eq.${ann.id}&select=name,phone`, { phone: '7' }, { ...SINGLE, ...REPRESENTATION });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ name: 'Ann', phone: '7' });
  });

  it('a PATCH that would change 2 rows is 406 and rolled back', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann', phone: '1' }, { name: 'Bob', phone: '2' }]);
    expectError(await t.patch('/clients?name=in.(Ann,Bob)', { phone: '0' }, SINGLE), 406, 'PGRST116');
    expect(await rows(t, '/clients?select=name,phone&order=name')).toEqual([
      { name: 'Ann', phone: '1' },
      { name: 'Bob', phone: '2' },
    ]);
  });

  it('a DELETE that would remove 2 rows is 406 and rolled back', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann' }, { name: 'Bob' }]);
    expectError(await t.delete('/clients?name=in.(Ann,Bob)', SINGLE), 406, 'PGRST116');
    expect(await rows(t, '/clients?select=name&order=name')).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('a POST of 2 rows is 406 and rolled back', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients', [{ name: 'Ann' }, { name: 'Bob' }], SINGLE), 406, 'PGRST116');
    expect(await rows(t, '/clients')).toEqual([]);
  });

  it('a DELETE of 0 rows is 406', async () => {
    const t = await practice(server);
    await createClient(t, { name: 'Ann' });
    expectError(await t.delete(`/clients?id=eq.${randomUUID()}`, SINGLE), 406, 'PGRST116');
    expect(await rows(t, '/clients?select=name')).toEqual([{ name: 'Ann' }]);
  });
});

describe('PATCH and DELETE need a filter', () => {
  it('PATCH without a filter is 400 21000 and changes nothing', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann', phone: '1' }, { name: 'Bob', phone: '2' }]);
    const body = expectError(await t.patch('/clients', { phone: '0' }), 400, '21000');
    expect(body.message).toBe('UPDATE requires a WHERE clause');
    expect(await rows(t, '/clients?select=phone&order=name')).toEqual([{ phone: '1' }, { phone: '2' }]);
  });

  it('DELETE without a filter is 400 21000 and deletes nothing', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann' }, { name: 'Bob' }]);
    const body = expectError(await t.delete('/clients'), 400, '21000');
    expect(body.message).toBe('DELETE requires a WHERE clause');
    expect(await rows(t, '/clients')).toHaveLength(2);
  });

  it('select, order and limit are not filters', async () => {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'Ann' }, { name: 'Bob' }]);
    expectError(await t.delete('/clients?select=id&order=name&limit=1'), 400, '21000');
    expectError(await t.patch('/clients?select=id&order=name&limit=1', { phone: '0' }), 400, '21000');
    expect(await rows(t, '/clients?select=name,phone&order=name')).toEqual([{ name: 'Ann', phone: null }, { name: 'Bob', phone: null }]);
  });
});
