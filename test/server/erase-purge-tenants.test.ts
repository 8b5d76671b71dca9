// rpc/erase_client and rpc/retention_purge run as the owner (security definer, migration 19): each
// reaches only the caller's own practice. Another practice cannot erase or purge a client of this
// one, anon and the service key can do neither, and an erased client refuses a new booking. Invoices
// and credit notes are financial records (migration 22): kept by the erasure, deleted by the purge.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, caller, createAppointment, createClient, createNote, insert, practice, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const PERIODS = { clinical_years: 0, financial_years: 0 };
const serviceKey = () => caller(server, { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}`, 'content-type': 'application/json' });

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
    expect((await serviceKey().post('/rpc/erase_client', { client: ann.id, ...PERIODS })).status).toBe(403);
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

  it('keeps an erased client\'s invoices for the financial period after the last of them, then purges them with the client', async () => {
    const mine = await practice(server);
    const visit = await createAppointment(mine, { date: '2015-03-02', status: 'completed' });
    const line = { appointment_id: visit.id, date: '2015-03-02', service: 'Swedish 60', gross: 80, tax_rate: 0 };
    const [invoice] = await insert(mine, 'invoices', { client_id: visit.client_id, issued_on: '2015-03-05', lines: [line] });
    await insert(mine, 'invoices', { kind: 'credit', client_id: visit.client_id, credits_id: invoice!.id, issued_on: '2015-03-06', lines: [line] });

    // No payment or package: the credit note, the last financial record, dates the period.
    const erased = await mine.post('/rpc/erase_client', { client: visit.client_id, clinical_years: 20, financial_years: 20 });
    expect(erased.status).toBe(200);
    expect(erased.body.kept).toEqual([
      { records: 'appointments', count: 1, until: '2035-03-02', basis: 'clinical' },
      { records: 'invoices', count: 2, until: '2035-03-06', basis: 'financial' },
    ]);
    expect((await mine.post('/rpc/retention_purge', { clinical_years: 20, financial_years: 20, apply: true })).body).toEqual([]);
    expect(await rows(mine, '/invoices?select=number&order=number')).toEqual([{ number: 'CN-2015-0001' }, { number: 'INV-2015-0001' }]);
    // Outside the purge an issued invoice stays final, for the service key too.
    const deleted = await serviceKey().delete(`/invoices?id=eq.${invoice!.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe('Invoice INV-2015-0001 is issued and can no longer be deleted');

    const purged = await mine.post('/rpc/retention_purge', { ...PERIODS, apply: true });
    expect(purged.body).toEqual([
      { records: 'invoices', client_id: visit.client_id, count: 2, kept_until: '2015-03-06' },
      { records: 'appointments', client_id: visit.client_id, count: 1, kept_until: '2015-03-02' },
      { records: 'erased client', client_id: visit.client_id, count: 1, kept_until: '2015-03-02' },
    ]);
    expect(await rows(mine, '/invoices?select=id')).toEqual([]);
    expect(await rows(mine, `/clients?id=eq.${visit.client_id}&select=id`)).toEqual([]);
    expect(await rows(mine, '/audit_chain_breaks')).toEqual([]);
  });
});
