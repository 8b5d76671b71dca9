// Prefer and profile headers beyond PROTOCOL.md, as PostgREST 12-14 answers them: missing=default
// with columns=, handling=strict|lenient (PGRST122), max-affected (PGRST124, nothing changed),
// timezone=, Accept-Profile/Content-Profile (406 PGRST106), and PUT's single-row upsert.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, insert, practice, REPRESENTATION, rows, SINGLE, UUID } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

describe('Prefer: missing=default', () => {
  it('gives the columns named in columns= their default where an object lacks them; a null sent stays null', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?columns=id,name,status,total_visits,notes&select=name,status,total_visits,notes,id', [
      { name: 'Ann' },
      { name: 'Bob', status: 'inactive', total_visits: 4, notes: null },
    ], { prefer: 'missing=default, return=representation' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(reply.body).toEqual([
      { name: 'Ann', status: 'active', total_visits: 0, notes: null, id: expect.stringMatching(UUID) },
      { name: 'Bob', status: 'inactive', total_visits: 4, notes: null, id: expect.stringMatching(UUID) },
    ]);
    expect(reply.body[0].id).not.toBe(reply.body[1].id);
  });

  it('without it a missing column is null, so a not-null column refuses the row (400 23502), inserting nothing', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients?columns=name,status', [{ name: 'Ann' }], REPRESENTATION);
    expectError(reply, 400, '23502');
    expect(await rows(t, '/clients?select=id')).toEqual([]);
  });
});

describe('Prefer: handling', () => {
  it('strict refuses unrecognised preferences: 400 PGRST122 naming them, nothing written', async () => {
    const t = await practice(server);
    const refused = await t.post('/clients', { name: 'Ann' }, { prefer: 'handling=strict, return=representation, foo, count=none' });
    const body = expectError(refused, 400, 'PGRST122');
    expect(body).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: foo, count=none', hint: null });
    expect(await rows(t, '/clients?select=id')).toEqual([]);
    expectError(await t.get('/clients', { prefer: 'handling=strict, bar' }), 400, 'PGRST122');
  });

  it('lenient (the default) ignores them, and is echoed', async () => {
    const t = await practice(server);
    const reply = await t.get('/clients', { prefer: 'handling=lenient, foo' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('preference-applied')).toBe('handling=lenient');
    expect((await t.get('/clients', { prefer: 'foo' })).status).toBe(200);
  });
});

describe('Prefer: max-affected', () => {
  async function threeClients() {
    const t = await practice(server);
    await insert(t, 'clients', [{ name: 'A', status: 'inactive' }, { name: 'B', status: 'inactive' }, { name: 'C', status: 'inactive' }]);
    return t;
  }

  it.each([
    ['PATCH', (t: Awaited<ReturnType<typeof threeClients>>, prefer: string) => t.patch('/clients?status=eq.inactive', { notes: 'x' }, { prefer })],
    ['DELETE', (t: Awaited<ReturnType<typeof threeClients>>, prefer: string) => t.delete('/clients?status=eq.inactive', { prefer })],
  ])('%s over the limit under handling=strict: 400 PGRST124, nothing changed', async (_method, send) => {
    const t = await threeClients();
    const refused = await send(t, 'handling=strict, max-affected=2');
    expect(expectError(refused, 400, 'PGRST124')).toEqual({
      code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 3 rows', hint: null,
    });
    expect(await rows(t, '/clients?select=name,notes&order=name')).toEqual([
      { name: 'A', notes: null }, { name: 'B', notes: null }, { name: 'C', notes: null },
    ]);
    const allowed = await send(t, 'handling=strict, max-affected=3');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('preference-applied')).toBe('handling=strict, max-affected=3');
  });

  it('is ignored without handling=strict, as PostgREST ignores it', async () => {
    const t = await threeClients();
    const reply = await t.patch('/clients?status=eq.inactive', { notes: 'x' }, { prefer: 'max-affected=1' });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('preference-applied')).toBeNull();
    expect((await rows(t, '/clients?notes=eq.x&select=id')).length).toBe(3);
  });
});

describe('Prefer: timezone', () => {
  it('writes timestamptz values in the zone asked for, and echoes it', async () => {
    const t = await practice(server);
    const [client] = await insert(t, 'clients', { name: 'Ann' });
    const utc = (await rows(t, `/clients?id=eq.${client!.id}&select=updated_at`))[0]!.updated_at as string;
    const reply = await t.get(`/clients?id=eq.${client!.id}&select=updated_at`, { prefer: 'timezone=Asia/Kolkata' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('preference-applied')).toBe('timezone=Asia/Kolkata');
    const local = reply.body[0].updated_at as string;
    expect(local).toMatch(/\+05:30$/);
    expect(new Date(local).getTime()).toBe(new Date(utc).getTime());
    const offset = await t.get(`/clients?id=eq.${client!.id}&select=updated_at`, { prefer: 'timezone=-03:00' });
    expect(offset.status).toBe(200);
  });

  it('refuses a zone the database does not know with 400, under any handling', async () => {
    const t = await practice(server);
    const reply = await t.get('/clients', { prefer: 'timezone=Jupiter/Red_Spot' });
    expectError(reply, 400, '22023');
    expect(reply.body.message).toContain('Jupiter/Red_Spot');
  });
});

describe('Accept-Profile and Content-Profile', () => {
  it('public is the one exposed schema: answered, and named back in Content-Profile', async () => {
    const t = await practice(server);
    const read = await t.get('/clients', { 'accept-profile': 'public' });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-profile')).toBe('public');
    const write = await t.post('/clients', { name: 'Ann' }, { 'content-profile': 'public' });
    expect(write.status).toBe(201);
    expect(write.headers.get('content-profile')).toBe('public');
  });

  it('another schema is 406 PGRST106, its message and hint as PostgREST words them; a write changes nothing', async () => {
    const t = await practice(server);
    const read = await t.get('/clients', { 'accept-profile': 'private' });
    expect(expectError(read, 406, 'PGRST106')).toEqual({
      code: 'PGRST106', message: 'Invalid schema: private', details: null, hint: 'Only the following schemas are exposed: public',
    });
    // A remembered read of the same query does not answer it either.
    expect((await t.get('/clients')).status).toBe(200);
    expectError(await t.get('/clients', { 'accept-profile': 'auth' }), 406, 'PGRST106');
    expectError(await t.post('/clients', { name: 'Ann' }, { 'content-profile': 'auth' }), 406, 'PGRST106');
    expect(await rows(t, '/clients?select=id')).toEqual([]);
    // Reads read Accept-Profile only, writes Content-Profile only.
    expect((await t.get('/clients', { 'content-profile': 'auth' })).status).toBe(200);
  });
});

describe('PUT: the single-row upsert', () => {
  it('inserts a row named by its key (201), then replaces it (200); minimal answers 204', async () => {
    const t = await practice(server);
    const id = randomUUID();
    const created = await t.request('PUT', `/clients?id=eq.${id}`, { id, name: 'Ann', phone: '555-0101' }, REPRESENTATION);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual([expect.objectContaining({ id, name: 'Ann', phone: '555-0101', therapist_id: t.id })]);
    const replaced = await t.request('PUT', `/clients?id=eq.${id}`, [{ id, name: 'Ann Lee' }, { id: randomUUID(), name: 'ignored' }], { ...REPRESENTATION, ...SINGLE });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id, name: 'Ann Lee' });
    const minimal = await t.request('PUT', `/clients?id=eq.${id}`, { id, name: 'Ann M. Lee' });
    expect(minimal.status).toBe(204);
    expect(minimal.text).toBe('');
    expect(await rows(t, '/clients?select=id,name')).toEqual([{ id, name: 'Ann M. Lee' }]);
  });

  it('refuses filters that are not exactly the key with eq: 405 PGRST105', async () => {
    const t = await practice(server);
    const id = randomUUID();
    for (const query of [`name=eq.Ann`, `id=neq.${id}`, `id=not.eq.${id}`, `id=in.(${id})`, `and=(id.eq.${id})`, `id=eq.${id}&name=eq.Ann`, '']) {
      const reply = await t.request('PUT', `/clients?${query}`, { id, name: 'Ann' });
      expect(expectError(reply, 405, 'PGRST105').message, query).toBe("Filters must include all and only primary key columns with 'eq' operators");
    }
    expect(await rows(t, '/clients?select=id')).toEqual([]);
  });

  it('refuses limit/offset (400 PGRST114) and a body whose key differs from the URL (400 PGRST115), writing nothing', async () => {
    const t = await practice(server);
    const id = randomUUID();
    expectError(await t.request('PUT', `/clients?id=eq.${id}&limit=1`, { id, name: 'Ann' }), 400, 'PGRST114');
    const mismatch = await t.request('PUT', `/clients?id=eq.${id}`, { id: randomUUID(), name: 'Ann' });
    expect(expectError(mismatch, 400, 'PGRST115').message).toBe('Payload values do not match URL in primary key column(s)');
    expectError(await t.request('PUT', `/clients?id=eq.${id}`, { name: 'Ann' }), 400, 'PGRST115');
    expect(await rows(t, '/clients?select=id')).toEqual([]);
  });

  it('never reaches another practice: the same id under another practice is its own row', async () => {
    const a = await practice(server);
    const b = await practice(server);
    const id = randomUUID();
    expect((await a.request('PUT', `/clients?id=eq.${id}`, { id, name: 'A' })).status).toBe(204);
    expect((await b.request('PUT', `/clients?id=eq.${id}`, { id, name: 'B' })).status).toBe(204);
    expect(await rows(a, '/clients?select=name')).toEqual([{ name: 'A' }]);
    expect(await rows(b, '/clients?select=name')).toEqual([{ name: 'B' }]);
  });
});
