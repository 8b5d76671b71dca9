// An appointment keeps the price and buffer it was booked with (DESIGN.md section 3), and its buffer
// counts in the overlap rule: it occupies [date+start, date+end+buffer).
import { afterAll, describe, expect, it } from 'vitest';
import { createAppointment, createClient, createService, expectError, practice, rows, type Practice } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const termsOf = async (t: Practice, id: string) =>
  (await rows(t, `/appointments?id=eq.${id}&select=price,buffer_minutes`))[0];

describe('price and buffer kept at booking', () => {
  it('are copied from the service when omitted', async () => {
    const t = await practice(server);
    const service = await createService(t, { price: 95.5, buffer_minutes: 15 });
    const appointment = await createAppointment(t, { service_id: service.id });
    expect(appointment).toMatchObject({ price: 95.5, buffer_minutes: 15 });
  });

  it('are kept when given, 0 included', async () => {
    const t = await practice(server);
    const service = await createService(t, { price: 95.5, buffer_minutes: 15 });
    const appointment = await createAppointment(t, { service_id: service.id, price: 0, buffer_minutes: 0 });
    expect(appointment).toMatchObject({ price: 0, buffer_minutes: 0 });
  });

  it('without a service: no price unless given, and no buffer', async () => {
    const t = await practice(server);
    expect(await createAppointment(t)).toMatchObject({ price: null, buffer_minutes: 0 });
    expect(await createAppointment(t, { start_time: '11:00', end_time: '12:00', price: 60 })).toMatchObject({ price: 60 });
  });

  it('do not change when the service is edited later', async () => {
    const t = await practice(server);
    const service = await createService(t, { price: 80, buffer_minutes: 10 });
    const appointment = await createAppointment(t, { service_id: service.id });
    expect((await t.patch(`/service_menu?id=eq.${service.id}`, { price: 90, buffer_minutes: 30 })).status).toBe(204);
    expect((await t.patch(`/appointments?id=eq.${appointment.id}`, { notes: 'paid' })).status).toBe(204);
    expect(await termsOf(t, appointment.id)).toEqual({ price: 80, buffer_minutes: 10 });
  });

  it('switching the service takes its terms, unless the same update sets them', async () => {
    const t = await practice(server);
    const swedish = await createService(t, { price: 80, buffer_minutes: 10 });
    const deep = await createService(t, { price: 110, buffer_minutes: 20 });
    const appointment = await createAppointment(t, { service_id: swedish.id });
    expect((await t.patch(`/appointments?id=eq.${appointment.id}`, { service_id: deep.id })).status).toBe(204);
    expect(await termsOf(t, appointment.id)).toEqual({ price: 110, buffer_minutes: 20 });
    const reply = await t.patch(`/appointments?id=eq.${appointment.id}`, { service_id: swedish.id, price: 70, buffer_minutes: 5 });
    expect(reply.status, reply.text).toBe(204);
    expect(await termsOf(t, appointment.id)).toEqual({ price: 70, buffer_minutes: 5 });
  });

  it('a negative price or buffer is refused (400 23514)', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const slot = { date: '2025-03-10', start_time: '09:00', end_time: '10:00', client_id: client.id };
    expectError(await t.post('/appointments', { ...slot, price: -1 }), 400, '23514');
    expectError(await t.post('/appointments', { ...slot, buffer_minutes: -5 }), 400, '23514');
    expect(await rows(t, '/appointments')).toEqual([]);
  });

  it('an appointment with a service keeps a price: removing it is refused (400 23514)', async () => {
    const t = await practice(server);
    const service = await createService(t, { name: 'Hot stone' });
    const appointment = await createAppointment(t, { service_id: service.id });
    const body = expectError(await t.patch(`/appointments?id=eq.${appointment.id}`, { price: null }), 400, '23514');
    expect(body.message).toBe(`Appointment ${appointment.id} has service Hot stone, so it needs a price`);
    expect(body.hint).toBe("Give a price of 0 or more, or leave price out to take the service's.");
    expect(await termsOf(t, appointment.id)).toEqual({ price: 80, buffer_minutes: 0 });
  });
});

describe('buffers in the overlap rule', () => {
  async function bufferedAt(t: Practice, start: string, end: string, buffer: number, day = '2025-03-10') {
    return createAppointment(t, { date: day, start_time: start, end_time: end, buffer_minutes: buffer });
  }

  it('a booking inside another\'s buffer is refused, naming the buffer', async () => {
    const t = await practice(server);
    const first = await bufferedAt(t, '09:00', '10:00', 15);
    const reply = await t.post('/appointments', { date: '2025-03-10', start_time: '10:00', end_time: '11:00', client_id: first.client_id });
    const body = expectError(reply, 409, '23P01');
    expect(body.message).toBe(`Overlaps appointment ${first.id} on 2025-03-10 from 09:00 to 10:00 (with its 15-minute buffer)`);
  });

  it('a booking whose own buffer runs into the next one is refused, saying so', async () => {
    const t = await practice(server);
    const next = await bufferedAt(t, '11:00', '12:00', 0);
    const reply = await t.post('/appointments', {
      date: '2025-03-10', start_time: '10:00', end_time: '10:50', buffer_minutes: 15, client_id: next.client_id,
    });
    const body = expectError(reply, 409, '23P01');
    expect(body.message).toBe(
      `Overlaps appointment ${next.id} on 2025-03-10 from 11:00 to 12:00 (this appointment's 15-minute buffer runs into it)`,
    );
  });

  it('a booking may start exactly where another\'s buffer ends', async () => {
    const t = await practice(server);
    const first = await bufferedAt(t, '09:00', '10:00', 15);
    const second = await createAppointment(t, { client_id: first.client_id, start_time: '10:15', end_time: '11:00' });
    expect(second.status).toBe('scheduled');
  });

  it('a buffer past midnight runs into the next day', async () => {
    const t = await practice(server);
    const late = await bufferedAt(t, '23:00', '23:50', 30);
    const reply = await t.post('/appointments', { date: '2025-03-11', start_time: '00:10', end_time: '01:00', client_id: late.client_id });
    expect(expectError(reply, 409, '23P01').message).toContain('(with its 30-minute buffer)');
    await createAppointment(t, { client_id: late.client_id, date: '2025-03-11', start_time: '00:20', end_time: '01:00' });
  });

  it('the buffer of a cancelled or no_show appointment does not block', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    for (const [status, day] of [['cancelled', '2025-03-10'], ['no_show', '2025-03-11']] as const) {
      await createAppointment(t, { client_id: client.id, date: day, start_time: '09:00', end_time: '10:00', buffer_minutes: 30, status });
      await createAppointment(t, { client_id: client.id, date: day, start_time: '10:00', end_time: '11:00' });
    }
  });

  it('editing a service\'s buffer later never makes old bookings conflict', async () => {
    const t = await practice(server);
    const service = await createService(t, { buffer_minutes: 0 });
    const first = await createAppointment(t, { service_id: service.id, start_time: '09:00', end_time: '10:00' });
    await createAppointment(t, { client_id: first.client_id, start_time: '10:00', end_time: '11:00' });
    expect((await t.patch(`/service_menu?id=eq.${service.id}`, { buffer_minutes: 30 })).status).toBe(204);
    const moved = await t.patch(`/appointments?id=eq.${first.id}`, { start_time: '08:30', end_time: '09:30', notes: 'earlier' });
    expect(moved.status, moved.text).toBe(204);
    expect(await termsOf(t, first.id)).toEqual({ price: 80, buffer_minutes: 0 });
  });

  it('switching to a service whose buffer collides is refused, and changes nothing', async () => {
    const t = await practice(server);
    const short = await createService(t, { buffer_minutes: 0 });
    const long = await createService(t, { price: 120, buffer_minutes: 20 });
    const first = await createAppointment(t, { service_id: short.id, start_time: '09:00', end_time: '10:00' });
    const second = await createAppointment(t, { client_id: first.client_id, start_time: '10:00', end_time: '11:00' });
    const body = expectError(await t.patch(`/appointments?id=eq.${first.id}`, { service_id: long.id }), 409, '23P01');
    expect(body.message).toBe(
      `Overlaps appointment ${second.id} on 2025-03-10 from 10:00 to 11:00 (this appointment's 20-minute buffer runs into it)`,
    );
    expect(await rows(t, `/appointments?id=eq.${first.id}&select=service_id,price,buffer_minutes`)).toEqual([
      { service_id: short.id, price: 80, buffer_minutes: 0 },
    ]);
  });
});
