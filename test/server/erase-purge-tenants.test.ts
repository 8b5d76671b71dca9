// rpc/erase_client and rpc/retention_purge run as the owner (security definer, migration 19): each
// reaches only the caller's own practice. Another practice cannot erase or purge a client of this
// one, anon and the service key can do neither, and an erased client refuses a new booking.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, caller, createAppointment, createClient, createNote, practice, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const PERIODS = { clinical_years: 0, financial_years: 0 };

describe('erasure and purge across practices', () => {
  it('erase reaches only the caller\'s own client', async () => {
    const [mine, theirs] = [await practice(server), await practice(server)];
    const ann = await createClient(mine, { name: 'Ann Lee', phone: '555-0101' });
    const refused = await theirs.post('/rpc/erase_client', { client: ann.id, ...PERIODS });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Client ${ann.id} was not found`);
    // Executable by neither anon nor the service key: permission denied (42501), 401 for anon and 403
    // for a role that signed in, as PostgREST answers it.
    expect((await anonymous(server).post('/rpc/erase_client', { client: ann.id, ...PERIODS })).status).toBe(401);
    const service = caller(server, { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}`, 'content-type': 'application/json' });
    expect((await service.post('/rpc/erase_client', { client: ann.id, ...PERIODS })).status).toBe(403);
    expect(await rows(mine, `/clients?id=eq.${ann.id}&select=name,phone,erased_at`)).toEqual([{ name: 'Ann Lee', phone: '555-0101', erased_at: null }]);

    const erased = await mine.post('/rpc/erase_client', { client: ann.id, clinical_years: 10, financial_years: 10 });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ client_id: ann.id, name: `Erased client ${ann.id.slice(0, 8)}`, kept: [] });
    const booking = await mine.post('/appointments', { client_id: ann.id, date: '2099-01-05', start_time: '09:00', end_time: '10:00' });
    expect(booking.status).toBe(409);
    expect(booking.body.message).toMatch(/^Client .* was erased on .* and cannot be booked$/);
    expect((await mine.post('/rpc/erase_client', { client: ann.id, clinical_years: -1, financial_years: 10 })).status).toBe(400);
  });

  it('purge deletes only the caller\'s records, signed notes included', async () => {
    const [mine, theirs] = [await practice(server), await practice(server)];
    const visit = await createAppointment(mine, { date: '2015-03-02', status: 'completed' });
    await createNote(mine, { client_id: visit.client_id, appointment_id: visit.id, signed_at: '2015-03-02T10:00:00Z', created_at: '2015-03-02T10:00:00Z' });
    expect((await theirs.post('/rpc/retention_purge', { ...PERIODS, apply: true })).body).toEqual([]);
    expect(await rows(mine, '/sessions?select=id')).toHaveLength(1);
    const signedDelete = await mine.delete(`/sessions?client_id=eq.${visit.client_id}`);
    expect(signedDelete.status).toBe(409);
    const purged = await mine.post('/rpc/retention_purge', { ...PERIODS, apply: true });
    expect(purged.body).toEqual(expect.arrayContaining([expect.objectContaining({ records: 'notes', client_id: visit.client_id, count: 1 })]));
    expect(await rows(mine, '/sessions?select=id')).toEqual([]);
    expect(await rows(mine, '/audit_chain_breaks')).toEqual([]);
  });
});
