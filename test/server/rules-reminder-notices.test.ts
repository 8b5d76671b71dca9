// Migration 0013's rules over HTTP: a reminder row keeps the time it announced (the appointment's when
// the writer does not say), notices form a chain with one notice after each message (the key that
// makes "exactly once" hold between racing runs), and unresolved_appointments answers through rpc/
// with the caller's own appointments only.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, createAppointment, expectError, insert, practice, REPRESENTATION } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

describe('reminder rows', () => {
  it('announce the appointment\'s time when the writer does not say', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t, { date: '2031-03-04', start_time: '09:30', end_time: '10:30' });
    const [reminder] = await insert(t, 'reminders', { appointment_id: appointment.id, client_id: appointment.client_id, channel: 'sms', message: 'See you' });
    expect(reminder).toMatchObject({ kind: 'reminder', announced_date: '2031-03-04', announced_start: '09:30', follows_id: null });
  });

  it('take one notice after each message, and a notice follows one', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t, { date: '2031-03-05', start_time: '09:00', end_time: '10:00' });
    const base = { appointment_id: appointment.id, client_id: appointment.client_id, channel: 'sms' };
    const [first] = await insert(t, 'reminders', { ...base, message: 'See you at 9' });
    const notice = { ...base, kind: 'changed', message: 'Moved to 11', announced_date: '2031-03-05', announced_start: '11:00', follows_id: first!.id };
    const [racing, other] = await Promise.all([t.post('/reminders', notice, REPRESENTATION), t.post('/reminders', { ...notice, kind: 'cancelled' }, REPRESENTATION)]);
    expect([racing!.status, other!.status].sort()).toEqual([201, 409]);
    expectError(await t.post('/reminders', { ...base, kind: 'changed', message: 'Moved', announced_date: '2031-03-05', announced_start: '12:00' }), 400, '23514');
    expectError(await t.post('/reminders', { ...base, message: 'A second first reminder' }), 409, '23505');
  });
});

describe('rpc/unresolved_appointments', () => {
  it('answers the caller\'s appointments over and still open, oldest first', async () => {
    const t = await practice(server);
    const older = await createAppointment(t, { date: '2020-02-03', start_time: '09:00', end_time: '10:00' });
    const newer = await createAppointment(t, { date: '2020-02-04', start_time: '09:00', end_time: '10:00', status: 'confirmed' });
    await createAppointment(t, { date: '2020-02-04', start_time: '11:00', end_time: '12:00', status: 'completed' });
    await createAppointment(t, { date: '2020-02-04', start_time: '13:00', end_time: '14:00' });
    const answer = await t.post('/rpc/unresolved_appointments', { before: '2020-02-04T12:00' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.map((row: { id: string }) => row.id)).toEqual([older.id, newer.id]);

    const other = await practice(server);
    const theirs = await other.post('/rpc/unresolved_appointments', { before: '2099-01-01T00:00' });
    expect(theirs.body).toEqual([]);
    expect((await anonymous(server).post('/rpc/unresolved_appointments', { before: '2099-01-01T00:00' })).status).not.toBe(200);
  });
});
