// Ids are unique per practice (primary key (therapist_id, id)): a practice that sends another
// practice's id gets a row of its own, learns nothing about the other row, and changes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { caller, REPRESENTATION } from '../helpers/fixtures.js';

const server = await startTestServer();
afterAll(() => server.close());

describe('ids chosen by the client', () => {
  it('let two practices hold rows with the same id, each seeing only its own', async () => {
    const owner = caller(server, (await server.therapist()).headers);
    const other = caller(server, (await server.therapist()).headers);
    const created = await owner.post('/clients', { name: 'Ann Lee', phone: '555-0100' }, REPRESENTATION);
    expect(created.status).toBe(201);
    const id = created.body[0].id as string;

    const copy = await other.post('/clients', { id, name: 'Someone Else' }, REPRESENTATION);
    expect(copy.status).toBe(201);
    expect(copy.body[0]).toMatchObject({ id, name: 'Someone Else', phone: null });

    const upsert = await other.post('/clients', { id, name: 'Renamed' }, { prefer: 'return=representation,resolution=merge-duplicates' });
    expect(upsert.status).toBe(200);
    expect(upsert.body).toEqual([expect.objectContaining({ id, name: 'Renamed' })]);

    expect((await owner.get(`/clients?id=eq.${id}&select=name,phone`)).body).toEqual([{ name: 'Ann Lee', phone: '555-0100' }]);
    expect((await other.get(`/clients?id=eq.${id}&select=name`)).body).toEqual([{ name: 'Renamed' }]);
  });

  it('name the new row in Location by the whole key, as PostgREST: the practice and the id', async () => {
    const owner = caller(server, (await server.therapist()).headers);
    const created = await owner.post('/expenses', { date: '2026-11-20', amount: 12.5, category: 'supplies' }, { prefer: 'return=headers-only' });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/^\/expenses\?id=eq\.[0-9a-f-]{36}&therapist_id=eq\.[0-9a-f-]{36}$/);
    const location = created.headers.get('location')!;
    expect((await owner.get(`${location}&select=amount`)).body).toEqual([{ amount: 12.5 }]);
  });
});
