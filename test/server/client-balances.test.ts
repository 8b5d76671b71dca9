// The balances migration 23 keeps (client_balances, by triggers) against the ledger settled in full
// on every read, as migration 18's `balances` did: its definition, loaded beside the kept one under
// another schema, is the oracle. After every kind of write that feeds a balance (inserts one by one
// and in bulk, price, date, status, client and service changes, deletes, the service key's writes,
// erasure and the retention purge) rpc/balances answers exactly what the oracle does, to the cent,
// on every store; and another practice's writes never show in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesFunction } from '../../src/server/db/migrations/0018/balances.js';
import { caller, createClient, createService, insert, practice, rows, type Practice, type Row } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const AS_OF = '2026-06-30';

/** What rpc/balances answers the practice: the kept balances. */
async function kept(who: Practice): Promise<Row[]> {
  const reply = await who.post('/rpc/balances', { as_of: AS_OF });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as Row[];
}

/** Migration 18's answer for the practice, settled from the ledger now, as its signed-in user. */
async function settled(who: Practice): Promise<Row[]> {
  const [answer] = await server.db.transaction((tx) => tx.query<{ rows: Row[] }>(
    `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
       (select coalesce(json_agg(b), '[]') from oracle.balances(null, $2) as b) as rows`,
    [JSON.stringify({ sub: who.id, role: 'authenticated' }), AS_OF]));
  return answer!.rows;
}

async function expectSameAsSettled(who: Practice): Promise<Row[]> {
  const answer = await kept(who);
  expect(answer).toEqual(await settled(who));
  return answer;
}

const byName = (answer: Row[], name: string) => answer.find((row) => row.client_name === name);

let mine: Practice;
let theirs: Practice;
let ids: Record<string, string>;

beforeAll(async () => {
  await server.db.exec(`create schema oracle; grant usage on schema oracle to authenticated;
    ${balancesFunction.replace('create or replace function public.balances(', 'create function oracle.balances(')}`);
  [mine, theirs] = [await practice(server), await practice(server)];
  const [ann, bea, cy, dan] = [await createClient(mine, { name: 'Ann' }), await createClient(mine, { name: 'Bea' }),
    await createClient(mine, { name: 'Cy' }), await createClient(mine, { name: 'Dan' })];
  const [swedish, deep] = [await createService(mine, { name: 'Swedish 60', price: 80 }), await createService(mine, { name: 'Deep 60', price: 95.5 })];
  ids = { ann: ann.id, bea: bea.id, cy: cy.id, dan: dan.id, swedish: swedish.id, deep: deep.id };
});

const visit = (client: string, service: string, date: string, start: string, price: number, status = 'completed') =>
  ({ client_id: ids[client], service_id: ids[service], date, start_time: start, end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`, price, status });

describe('client_balances kept by triggers equal the ledger settled in full', () => {
  it('after inserts: visits in one request, a package, payments, refunds and voids', async () => {
    const visits = await insert(mine, 'appointments', [
      visit('ann', 'swedish', '2025-01-06', '09:00', 80), visit('ann', 'swedish', '2025-01-13', '09:00', 80),
      visit('ann', 'swedish', '2025-01-20', '09:00', 80), visit('ann', 'deep', '2025-01-20', '11:00', 95.5),
      visit('bea', 'deep', '2025-01-07', '09:00', 95.5), visit('bea', 'deep', '2025-02-07', '09:00', 120.25),
      visit('cy', 'swedish', '2025-01-08', '09:00', 80), visit('cy', 'swedish', '2025-03-08', '09:00', 80, 'scheduled'),
    ]);
    visits.forEach((row, i) => (ids[`visit${i}`] = row.id));
    await expectSameAsSettled(mine);
    // Ann's first two Swedish visits fall to her package, sold before them: 150 + 80 + 95.5 billed.
    await insert(mine, 'packages', { client_id: ids.ann, service_id: ids.swedish, visits: 2, price: 150, sold_on: '2025-01-01', expires_on: '2025-12-31' });
    const [annPaid, beaPaid, cyPaid] = await insert(mine, 'payments', [
      { client_id: ids.ann, amount: 100, method: 'card', paid_at: '2025-01-06T10:00:00Z' },
      { client_id: ids.bea, amount: 95.5, method: 'cash', paid_at: '2025-01-07T10:00:00Z' },
      { client_id: ids.cy, amount: 50, method: 'card', paid_at: '2025-01-08T10:00:00Z' },
      { client_id: ids.dan, amount: 30, method: 'transfer', paid_at: '2025-01-09T10:00:00Z' },
    ]);
    await insert(mine, 'payments', [
      { kind: 'refund', reverses_id: beaPaid!.id, client_id: ids.bea, amount: 20.25, method: 'cash' },
      { kind: 'void', reverses_id: cyPaid!.id, client_id: ids.cy, amount: 50, method: 'card' },
    ]);
    ids.annPaid = annPaid!.id;
    const answer = await expectSameAsSettled(mine);
    expect(byName(answer, 'Ann')).toMatchObject({ billed: 325.5, paid: 100, owed: 225.5, visits: 4, covered_visits: 2, oldest_unpaid: '2025-01-01' });
    expect(byName(answer, 'Bea')).toMatchObject({ billed: 215.75, paid: 75.25, owed: 140.5, oldest_unpaid: '2025-01-07' });
    expect(byName(answer, 'Dan')).toMatchObject({ billed: 0, paid: 30, owed: -30, oldest_unpaid: null });
  });

  it('after changes of price, day, status, client and service, and a change no balance reads', async () => {
    const patch = async (path: string, body: Row) => expect((await mine.patch(path, body)).status).toBe(204);
    await patch(`/appointments?id=eq.${ids.visit3}`, { price: 99.99 });
    await expectSameAsSettled(mine);
    // Before the package was sold: the third Swedish visit takes its place.
    await patch(`/appointments?id=eq.${ids.visit0}`, { date: '2024-12-30' });
    expect(byName(await expectSameAsSettled(mine), 'Ann')).toMatchObject({ covered_visits: 2, billed: 150 + 80 + 99.99 });
    await patch(`/appointments?id=eq.${ids.visit1}`, { status: 'confirmed' });
    await patch(`/appointments?id=eq.${ids.visit7}`, { status: 'completed' });
    await expectSameAsSettled(mine);
    await patch(`/appointments?id=eq.${ids.visit5}`, { client_id: ids.cy });
    await patch(`/appointments?id=eq.${ids.visit6}`, { service_id: ids.deep });
    await expectSameAsSettled(mine);
    const before = await kept(mine);
    await patch(`/appointments?id=eq.${ids.visit4}`, { notes: 'a note moves no money' });
    await patch(`/service_menu?id=eq.${ids.swedish}`, { price: 85 });
    expect(await expectSameAsSettled(mine)).toEqual(before);
  });

  it('after a visit completed with its payment, the service key\'s payment, and deletes', async () => {
    const [booked] = await insert(mine, 'appointments', visit('dan', 'deep', '2025-04-01', '09:00', 95.5, 'scheduled'));
    expect((await mine.post('/rpc/complete_paid_visit', { visit_id: booked!.id, method: 'cash', paid_at: '2025-04-01T10:00:00Z' })).status).toBe(200);
    await expectSameAsSettled(mine);
    const service = caller(server, { apikey: server.keys.serviceKey, authorization: `Bearer ${server.keys.serviceKey}`, 'content-type': 'application/json' });
    await insert(service, 'payments', { therapist_id: mine.id, client_id: ids.bea, amount: 40, method: 'card', paid_at: '2025-05-01T10:00:00Z' });
    await expectSameAsSettled(mine);
    expect((await mine.delete(`/appointments?id=eq.${ids.visit2}`)).status).toBe(204);
    expect((await mine.delete(`/appointments?client_id=eq.${ids.cy}&status=eq.scheduled`)).status).toBe(204);
    await expectSameAsSettled(mine);
  });

  it('another practice\'s writes show in its own balances alone', async () => {
    const before = await kept(mine);
    const eve = await createClient(theirs, { name: 'Eve' });
    await insert(theirs, 'appointments', { client_id: eve.id, date: '2025-01-06', start_time: '09:00', end_time: '10:00', price: 70, status: 'completed' });
    await insert(theirs, 'payments', { client_id: eve.id, amount: 20, method: 'cash' });
    expect(await expectSameAsSettled(theirs)).toMatchObject([{ client_name: 'Eve', billed: 70, paid: 20, owed: 50 }]);
    expect(await expectSameAsSettled(mine)).toEqual(before);
    expect(await rows(theirs, '/client_balances?select=client_id')).toEqual([{ client_id: eve.id }]);
  });

  it('after an erasure and the retention purge', async () => {
    expect((await mine.post('/rpc/erase_client', { client: ids.bea, clinical_years: 0, financial_years: 0 })).status).toBe(200);
    await expectSameAsSettled(mine);
    // Bea's and Cy's ledgers are kept (their refund and void are dated today, Cy has a payment ahead);
    // their visits, which no payment names, go, and with Ann's and Dan's ledgers their balances.
    await insert(mine, 'payments', { client_id: ids.cy, amount: 10, method: 'cash', paid_at: '2099-01-01T10:00:00Z' });
    const purged = await mine.post('/rpc/retention_purge', { clinical_years: 0, financial_years: 0, apply: true });
    expect(purged.status, purged.text).toBe(200);
    const answer = await expectSameAsSettled(mine);
    expect(answer.map((row) => row.client_name)).toEqual(['Cy', `Erased client ${ids.bea!.slice(0, 8)}`]);
    expect(byName(answer, 'Cy')).toMatchObject({ billed: 0, paid: 10, owed: -10, visits: 0 });
  });
});
