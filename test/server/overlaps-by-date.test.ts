// The overlap check of migration 9 finds its candidates by date (issue 24, bulk writes into a full
// practice): the edges of that day range still refuse what overlaps, and a row the practice already
// has is left to the primary key or to `on conflict`, so sending a backup again is never refused for
// where an appointment used to be.
import { afterAll, describe, expect, it } from 'vitest';
import { createAppointment, createClient, expectError, practice, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

describe('the day range of the overlap check', () => {
  it('a buffer of a whole day reaches the next day\'s bookings, and no further', async () => {
    const t = await practice(server);
    const late = await createAppointment(t, { date: '2025-03-10', start_time: '22:00', end_time: '23:00', buffer_minutes: 1440 });
    const reply = await t.post('/appointments', { date: '2025-03-11', start_time: '22:30', end_time: '23:30', client_id: late.client_id });
    expect(expectError(reply, 409, '23P01').message).toBe(
      `Overlaps appointment ${late.id} on 2025-03-10 from 22:00 to 23:00 (with its 1440-minute buffer)`,
    );
    await createAppointment(t, { client_id: late.client_id, date: '2025-03-11', start_time: '23:00', end_time: '23:30' });
  });

  it('a buffer longer than a day blocks the days it covers', async () => {
    const t = await practice(server);
    const long = await createAppointment(t, { date: '2025-03-10', start_time: '09:00', end_time: '10:00', buffer_minutes: 3 * 1440 });
    const reply = await t.post('/appointments', { date: '2025-03-13', start_time: '09:00', end_time: '09:30', client_id: long.client_id });
    expect(expectError(reply, 409, '23P01').message).toBe(
      `Overlaps appointment ${long.id} on 2025-03-10 from 09:00 to 10:00 (with its 4320-minute buffer)`,
    );
    await createAppointment(t, { client_id: long.client_id, date: '2025-03-13', start_time: '10:00', end_time: '10:30' });
  });

  it('a new booking whose own long buffer runs days ahead is refused, naming the first one in its way', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const later = await createAppointment(t, { client_id: client.id, date: '2025-03-14', start_time: '09:00', end_time: '10:00' });
    await createAppointment(t, { client_id: client.id, date: '2025-03-15', start_time: '09:00', end_time: '10:00' });
    const reply = await t.post('/appointments', {
      date: '2025-03-10', start_time: '09:00', end_time: '10:00', buffer_minutes: 5 * 1440, client_id: client.id,
    });
    expect(expectError(reply, 409, '23P01').message).toBe(
      `Overlaps appointment ${later.id} on 2025-03-14 from 09:00 to 10:00 (this appointment's 7200-minute buffer runs into it)`,
    );
  });
});

describe('a row the practice already has', () => {
  it('sent again with ignore-duplicates after it moved and another took its slot: skipped, nothing changes', async () => {
    const t = await practice(server);
    const moved = await createAppointment(t, { date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    expect((await t.patch(`/appointments?id=eq.${moved.id}`, { start_time: '11:00', end_time: '12:00' })).status).toBe(204);
    const inItsOldSlot = await createAppointment(t, { client_id: moved.client_id, date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    const { updated_at: _changes, ...asBackedUp } = moved;
    const again = await t.post('/appointments?select=id', [asBackedUp], { prefer: 'resolution=ignore-duplicates,return=representation' });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual([]);
    expect(await rows(t, '/appointments?select=id,start_time&order=start_time')).toEqual([
      { id: inItsOldSlot.id, start_time: '09:00' },
      { id: moved.id, start_time: '11:00' },
    ]);
  });

  it('sent again without ignore-duplicates: refused by the primary key (409 23505)', async () => {
    const t = await practice(server);
    const moved = await createAppointment(t, { date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    expect((await t.patch(`/appointments?id=eq.${moved.id}`, { start_time: '11:00', end_time: '12:00' })).status).toBe(204);
    await createAppointment(t, { client_id: moved.client_id, date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    expectError(await t.post('/appointments', { id: moved.id, client_id: moved.client_id, date: '2025-03-10', start_time: '09:00', end_time: '10:00' }), 409, '23505');
  });

  it('merged onto another appointment with merge-duplicates: refused as an overlap, as an update is', async () => {
    const t = await practice(server);
    const first = await createAppointment(t, { date: '2025-03-10', start_time: '09:00', end_time: '10:00' });
    const second = await createAppointment(t, { client_id: first.client_id, date: '2025-03-10', start_time: '11:00', end_time: '12:00' });
    const reply = await t.post('/appointments', { id: second.id, client_id: first.client_id, date: '2025-03-10', start_time: '09:30', end_time: '10:30' },
      { prefer: 'resolution=merge-duplicates' });
    expect(expectError(reply, 409, '23P01').message).toBe(`Overlaps appointment ${first.id} on 2025-03-10 from 09:00 to 10:00`);
  });
});
