// Migration 0005's rules over HTTP: a reminder is claimed once per appointment (the unique key is
// what settles two runs), becoming sent writes the conversation log in the same statement, and a
// sent reminder never changes; a series is plain rows, and a rule without a series is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, createAppointment, expectError, insert, practice, REPRESENTATION, rows } from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

async function claimed(t: Awaited<ReturnType<typeof practice>>) {
  const appointment = await createAppointment(t);
  const [reminder] = await insert(t, 'reminders', { appointment_id: appointment.id, client_id: appointment.client_id, channel: 'sms', message: 'See you at 9' });
  return { appointment, reminder: reminder! };
}

describe('reminders', () => {
  it('are claimed once per appointment: a second claim is refused (409)', async () => {
    const t = await practice(server);
    const { appointment, reminder } = await claimed(t);
    expect(reminder).toMatchObject({ state: 'claimed', message_id: null });
    const again = await t.post('/reminders', { appointment_id: appointment.id, client_id: appointment.client_id, channel: 'email', message: 'Again' });
    expectError(again, 409, '23505');
  });

  it('write the conversation log when they become sent, and never change after', async () => {
    const t = await practice(server);
    const { appointment, reminder } = await claimed(t);
    const sent = await t.patch(`/reminders?id=eq.${reminder.id}`, { state: 'sent' }, REPRESENTATION);
    expect(sent.status, sent.text).toBe(200);
    const [log] = await rows(t, `/conversation_log?client_id=eq.${appointment.client_id}`);
    expect(log).toMatchObject({ id: sent.body[0].message_id, role: 'assistant', channel: 'sms', message: 'See you at 9' });
    expectError(await t.patch(`/reminders?id=eq.${reminder.id}`, { state: 'failed' }), 400, '23514');
    expect(await rows(t, `/conversation_log?client_id=eq.${appointment.client_id}`)).toHaveLength(1);
  });

  it('a failed one is claimed again by exactly one conditional update', async () => {
    const t = await practice(server);
    const { reminder } = await claimed(t);
    expect((await t.patch(`/reminders?id=eq.${reminder.id}`, { state: 'failed', error: 'exit 1' })).status).toBe(204);
    const [first, second] = await Promise.all([1, 2].map(() => t.patch(`/reminders?id=eq.${reminder.id}&state=eq.failed`, { state: 'claimed' }, REPRESENTATION)));
    expect([first!.body.length, second!.body.length].sort()).toEqual([0, 1]);
  });

  it('belong to one practice: another sees none, anon reads none and cannot delete', async () => {
    const t = await practice(server);
    const { reminder } = await claimed(t);
    const other = await practice(server);
    expect(await rows(other, '/reminders')).toEqual([]);
    expect(await rows(anonymous(server), '/reminders')).toEqual([]);
    expect((await t.delete(`/reminders?id=eq.${reminder.id}`)).status).toBe(403);
  });
});

describe('series columns', () => {
  it('keep the series id and rule, and refuse a rule without a series (400 23514)', async () => {
    const t = await practice(server);
    const series_id = '7f1e2d3c-4b5a-4968-8776-655443322110';
    const recurrence = 'DTSTART;TZID=Europe/Berlin:20250310T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=2';
    expect(await createAppointment(t, { series_id, recurrence })).toMatchObject({ series_id, recurrence });
    const client = (await rows(t, '/clients'))[0]!;
    expectError(await t.post('/appointments', { date: '2025-03-17', start_time: '09:00', end_time: '10:00', client_id: client.id, recurrence }), 400, '23514');
  });
});
