// A therapist's whole day through the CLI, asserted on JSON output: a new client, a service, the
// hours, a booking confirmed and completed, a signed note, an expense, a message, then everything listed.
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

/** Runs a command that must succeed; returns its stdout. */
async function ok(...args: string[]): Promise<string> {
  const result = await home.run(args);
  expect(result.code, `practice ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const json = async (...args: string[]) => JSON.parse(await ok(...args, '--json'));

// A Monday, so the booking falls inside the hours set for Mondays.
const DAY = '2026-11-23';

describe('a day at the practice', () => {
  it('books, holds and documents a session, and every list shows it', async () => {
    const clientId = (await ok('client', 'add', '--name', 'Ann Lee', '--phone', '555-0100', '--email', 'ann@example.com')).trim();
    const service = await json('service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '80');
    await ok('hours', 'set', 'monday', '09:00-12:00,13:00-17:00');

    // DAY is past by now: booking it is asked (a typo for a day ahead?), so --yes says it is meant.
    const booked = await home.run(['appt', 'add', '--client', 'Ann Lee', '--date', DAY, '--start', '10', '--service', 'Swedish 60', '--json', '--yes']);
    expect(booked.code, booked.stderr).toBe(0);
    // Inside the opening hours: no warning about them.
    expect(booked.stderr).not.toMatch(/hours/i);
    const appointment = JSON.parse(booked.stdout);
    expect(appointment).toMatchObject({
      date: DAY, start_time: '10:00', end_time: '11:00', status: 'scheduled', client_id: clientId, client_name: 'Ann Lee', service_id: service.id,
    });

    expect((await json('appt', 'confirm', appointment.id.slice(0, 8))).status).toBe('confirmed');
    expect((await json('client', 'list'))[0].total_visits).toBe(0);
    expect((await json('appt', 'complete', appointment.id)).status).toBe('completed');

    const noteId = (await ok('note', 'add', '--client', 'Ann', '--appointment', appointment.id.slice(0, 8),
      '-S', 'Low back pain, 4/10', '-O', 'Tight lumbar erectors', '-A', 'Muscular strain', '-P', 'Heat, stretches; rebook in 2 weeks')).trim();
    await ok('note', 'sign', noteId.slice(0, 8));

    await json('expense', 'add', '--date', DAY, '--amount', '42.50', '--category', 'supplies', '--vendor', 'Oil & Co');
    await json('msg', 'add', '--client', 'Ann Lee', '--role', 'therapist', '--channel', 'sms', '--message', 'Thanks for today, see you in two weeks');

    const clients = await json('client', 'list');
    expect(clients).toEqual([expect.objectContaining({ id: clientId, name: 'Ann Lee', email: 'ann@example.com', status: 'active', total_visits: 1 })]);

    expect(await json('service', 'list')).toEqual([expect.objectContaining({ id: service.id, name: 'Swedish 60', duration: 60, price: 80, active: true })]);

    const week = await json('hours', 'show');
    expect(week.slice(0, 2)).toEqual([
      { id: expect.any(String), day_of_week: 'monday', open_time: '09:00', close_time: '12:00' },
      { id: expect.any(String), day_of_week: 'monday', open_time: '13:00', close_time: '17:00' },
    ]);
    expect(week.slice(2).every((day: { open_time: string | null }) => day.open_time === null)).toBe(true);

    expect(await json('appt', 'list', '--date', DAY)).toEqual([
      expect.objectContaining({ id: appointment.id, status: 'completed', start_time: '10:00', end_time: '11:00', client_id: clientId, service_id: service.id }),
    ]);

    const [note] = await json('note', 'list', '--client', clientId);
    expect(note).toMatchObject({ id: noteId, client_id: clientId, appointment_id: appointment.id, subjective: 'Low back pain, 4/10', plan: 'Heat, stretches; rebook in 2 weeks' });
    expect(note.signed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(await json('expense', 'list', '--from', DAY, '--to', DAY)).toEqual([
      expect.objectContaining({ date: DAY, amount: 42.5, category: 'supplies', vendor: 'Oil & Co' }),
    ]);
    expect(await json('msg', 'list', '--client', 'Ann Lee')).toEqual([
      expect.objectContaining({ client_id: clientId, role: 'therapist', channel: 'sms', message: 'Thanks for today, see you in two weeks' }),
    ]);
  });
});
