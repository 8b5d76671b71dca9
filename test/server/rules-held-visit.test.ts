// A held visit stays held (issue 24, migration 7): a completed appointment that a signed note refers
// to keeps its date, times, service and price, for any client of the REST interface, the service
// key included; its notes may still change, and without a signed note everything may.
import { afterAll, describe, expect, it } from 'vitest';
import {
  caller, createAppointment, createNote, createService, expectError, practice, rows, type Practice, type Row,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const SIGNED_AT = '2025-03-10T10:15:00Z';
const HELD = ['date', 'start_time', 'end_time', 'service_id', 'price'] as const;

async function heldVisit(t: Practice, note: Row = { signed_at: SIGNED_AT }) {
  const service = await createService(t, { price: 80 });
  const visit = await createAppointment(t, { service_id: service.id });
  expect((await t.patch(`/appointments?id=eq.${visit.id}`, { status: 'completed' })).status).toBe(204);
  const written = await createNote(t, { client_id: visit.client_id, appointment_id: visit.id, ...note });
  return { visit, note: written };
}

const termsOf = async (t: Practice, id: string) =>
  (await rows(t, `/appointments?id=eq.${id}&select=date,start_time,end_time,service_id,price,notes`))[0];

describe('a completed visit with a signed note', () => {
  it.each([
    ['date', { date: '2025-03-11' }],
    ['start_time', { start_time: '08:30' }],
    ['end_time', { end_time: '10:30' }],
    ['price', { price: 60 }],
    ['date, start_time, end_time', { date: '2025-03-12', start_time: '11:00', end_time: '12:00' }],
  ])('keeps its %s: 409 PT409 naming the field, the signed note and the amendment', async (fields, change) => {
    const t = await practice(server);
    const { visit, note } = await heldVisit(t);
    const before = await termsOf(t, visit.id);
    const body = expectError(await t.patch(`/appointments?id=eq.${visit.id}`, change), 409, 'PT409');
    expect(body.message).toBe(`Cannot change the ${fields} of appointment ${visit.id}: it is a held visit, and signed note ${note.id} records it`);
    expect(body.hint).toBe(`A held visit stays as it was held. Correct the record with an amendment: a new note with amends_id ${note.id}.`);
    expect(await termsOf(t, visit.id)).toEqual(before);
  });

  it('keeps its service (switching would also take the new price)', async () => {
    const t = await practice(server);
    const { visit } = await heldVisit(t);
    const other = await createService(t, { name: 'Hot stone 90', price: 120 });
    const body = expectError(await t.patch(`/appointments?id=eq.${visit.id}`, { service_id: other.id }), 409, 'PT409');
    expect(body.message).toMatch(/^Cannot change the service_id(, price)? of appointment /);
    expect((await termsOf(t, visit.id))!.service_id).toBe(visit.service_id);
  });

  it('is refused to the service key too, and in an upsert; a row written back unchanged passes', async () => {
    const t = await practice(server);
    const { visit } = await heldVisit(t);
    const service = caller(server, { apikey: server.keys.serviceKey, 'content-type': 'application/json' });
    expectError(await service.patch(`/appointments?id=eq.${visit.id}&therapist_id=eq.${t.id}`, { price: 1 }), 409, 'PT409');
    const [stored] = await rows(t, `/appointments?id=eq.${visit.id}`);
    const upsert = { prefer: 'resolution=merge-duplicates' };
    expectError(await t.post('/appointments', [{ ...stored, start_time: '09:30' }], upsert), 409, 'PT409');
    const unchanged = await t.post('/appointments', [{ ...stored, notes: 'paid cash' }], upsert);
    expect(unchanged.status, unchanged.text).toBeLessThan(300);
    expect(await termsOf(t, visit.id)).toMatchObject({ date: '2025-03-10', start_time: '09:00', price: 80, notes: 'paid cash' });
  });

  it('a signed amendment alone holds it, and the hint names the note it amends', async () => {
    const t = await practice(server);
    const service = await createService(t, { price: 80 });
    const visit = await createAppointment(t, { service_id: service.id });
    expect((await t.patch(`/appointments?id=eq.${visit.id}`, { status: 'completed' })).status).toBe(204);
    const original = await createNote(t, { client_id: visit.client_id, signed_at: SIGNED_AT });
    const amendment = await createNote(t, { client_id: visit.client_id, appointment_id: visit.id, amends_id: original.id, signed_at: SIGNED_AT });
    const body = expectError(await t.patch(`/appointments?id=eq.${visit.id}`, { price: 10 }), 409, 'PT409');
    expect(body.message).toContain(`signed note ${amendment.id} records it`);
  });

  it('refuses a bulk PATCH whole: no row of it changes', async () => {
    const t = await practice(server);
    const { visit } = await heldVisit(t);
    const open = await createAppointment(t, { client_id: visit.client_id, start_time: '11:00', end_time: '12:00', price: 50 });
    expectError(await t.patch(`/appointments?client_id=eq.${visit.client_id}`, { price: 40 }), 409, 'PT409');
    expect((await termsOf(t, open.id))!.price).toBe(50);
  });
});

describe('what stays free', () => {
  it('its notes and its status path (a completion undone stays refused by migration 4)', async () => {
    const t = await practice(server);
    const { visit } = await heldVisit(t);
    expect((await t.patch(`/appointments?id=eq.${visit.id}`, { notes: 'paid cash' })).status).toBe(204);
    expect((await t.patch(`/appointments?id=eq.${visit.id}`, { buffer_minutes: 5 })).status).toBe(204);
  });

  it.each(HELD)('%s of a completed visit whose note is unsigned, or that has no note', async (field) => {
    const t = await practice(server);
    const other = await createService(t, { name: `other ${field}`, price: 99 });
    const change: Row = { date: { date: '2025-03-11' }, start_time: { start_time: '08:30' }, end_time: { end_time: '10:30' },
      service_id: { service_id: other.id }, price: { price: 60 } }[field];
    const { visit: drafted } = await heldVisit(t, {});
    const reply = await t.patch(`/appointments?id=eq.${drafted.id}`, change);
    expect(reply.status, reply.text).toBe(204);
    expect(await termsOf(t, drafted.id)).toMatchObject(change);
  });

  it('a visit not completed, with a signed note, moves freely', async () => {
    const t = await practice(server);
    const visit = await createAppointment(t);
    await createNote(t, { client_id: visit.client_id, appointment_id: visit.id, signed_at: SIGNED_AT });
    const reply = await t.patch(`/appointments?id=eq.${visit.id}`, { date: '2025-03-11' });
    expect(reply.status, reply.text).toBe(204);
  });
});
