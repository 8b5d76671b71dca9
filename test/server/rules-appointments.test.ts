// The appointment rules of DESIGN.md section 3: status transitions (the model's table), a completed
// visit with a signed note kept completed, no overlaps (cancelled and no_show ones do not block),
// client_name from the client, total_visits following completed appointments, composite references
// and the refusal to delete an appointment a note refers to. Price and buffer: rules-booking-terms.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedNext, APPOINTMENT_STATUSES, canTransition, type AppointmentStatus } from '../../src/model/appointment-status.js';
import {
  createAppointment, createClient, createNote, createService, expectError, practice, rows, type Practice, type Row,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

// Every ordered pair of the model's statuses: the service must allow exactly the ones the model does,
// which proves the SQL trigger and src/model/appointment-status.ts hold the same table.
const PAIRS = APPOINTMENT_STATUSES.flatMap((from) =>
  APPOINTMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to, canTransition(from, to)] as const));

/** A path of allowed transitions from scheduled to `status`; none leads back to requested, which is booked so. */
const PATH_TO: Record<AppointmentStatus, AppointmentStatus[]> = {
  requested: [],
  scheduled: [],
  confirmed: ['confirmed'],
  completed: ['completed'],
  cancelled: ['cancelled'],
  no_show: ['no_show'],
};

async function setStatus(t: Practice, id: string, status: string) {
  return t.patch(`/appointments?id=eq.${id}`, { status });
}

async function statusOf(t: Practice, id: string): Promise<string> {
  const [row] = await rows(t, `/appointments?id=eq.${id}&select=status`);
  return row!.status as string;
}

async function appointmentIn(t: Practice, status: AppointmentStatus, fields: Row = {}): Promise<Row> {
  const appointment = await createAppointment(t, status === 'requested' ? { status, ...fields } : fields);
  for (const step of PATH_TO[status]) {
    const reply = await setStatus(t, appointment.id, step);
    if (reply.status !== 204) throw new Error(`could not reach ${status}: ${reply.status} ${reply.text}`);
  }
  return appointment;
}

describe('status transitions', () => {
  it('a new appointment is scheduled', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    expect(appointment.status).toBe('scheduled');
  });

  it('the model allows some pairs and refuses others (the table below is not vacuous)', () => {
    expect(PAIRS.filter(([, , allowed]) => allowed).length).toBe(14);
    expect(PAIRS.filter(([, , allowed]) => !allowed).length).toBe(16);
  });

  it.each(PAIRS)('%s -> %s: the service allows it exactly when the model does (%s)', async (from, to, allowed) => {
    const t = await practice(server);
    const appointment = await appointmentIn(t, from);
    const reply = await setStatus(t, appointment.id, to);
    if (allowed) {
      expect(reply.status, reply.text).toBe(204);
      expect(await statusOf(t, appointment.id)).toBe(to);
    } else {
      const body = expectError(reply, 409, 'PT409');
      expect(body.hint).toBe(`Allowed next states: ${allowedNext(from).join(', ')}`);
      expect(await statusOf(t, appointment.id)).toBe(from);
    }
  });

  it('an unknown status is refused by the check constraint (400 23514)', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    expectError(await setStatus(t, appointment.id, 'postponed'), 400, '23514');
    expect(await statusOf(t, appointment.id)).toBe('scheduled');
  });

  it('changing other fields does not count as a transition', async () => {
    const t = await practice(server);
    const appointment = await appointmentIn(t, 'completed');
    const reply = await t.patch(`/appointments?id=eq.${appointment.id}`, { notes: 'paid cash' });
    expect(reply.status, reply.text).toBe(204);
    expect(await rows(t, `/appointments?id=eq.${appointment.id}&select=status,notes`)).toEqual([{ status: 'completed', notes: 'paid cash' }]);
  });

  it('a refused transition in a bulk PATCH changes none of the rows', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const open = await appointmentIn(t, 'scheduled', { client_id: client.id, start_time: '09:00', end_time: '10:00' });
    const done = await appointmentIn(t, 'completed', { client_id: client.id, start_time: '10:00', end_time: '11:00' });
    expectError(await t.patch(`/appointments?client_id=eq.${client.id}`, { status: 'cancelled' }), 409, 'PT409');
    expect(await statusOf(t, open.id)).toBe('scheduled');
    expect(await statusOf(t, done.id)).toBe('completed');
  });
});

describe('undoing a completion', () => {
  const SIGNED_AT = '2025-03-10T10:15:00Z';

  it('is refused while a signed note refers to the appointment: 409 PT409 pointing to an amendment', async () => {
    const t = await practice(server);
    const visit = await appointmentIn(t, 'completed');
    const note = await createNote(t, { client_id: visit.client_id, appointment_id: visit.id, signed_at: SIGNED_AT });
    const body = expectError(await setStatus(t, visit.id, 'confirmed'), 409, 'PT409');
    expect(body.message).toBe(`Cannot undo the completion of appointment ${visit.id}: signed note ${note.id} refers to it`);
    expect(body.hint).toBe(`Correct the record with an amendment: a new note with amends_id ${note.id}.`);
    expect(await statusOf(t, visit.id)).toBe('completed');
  });

  it('is refused when only a signed amendment refers to the appointment', async () => {
    const t = await practice(server);
    const visit = await appointmentIn(t, 'completed');
    const original = await createNote(t, { client_id: visit.client_id, signed_at: SIGNED_AT });
    const amendment = await createNote(t, {
      client_id: visit.client_id, appointment_id: visit.id, amends_id: original.id, signed_at: SIGNED_AT,
    });
    const body = expectError(await setStatus(t, visit.id, 'confirmed'), 409, 'PT409');
    expect(body.message).toBe(`Cannot undo the completion of appointment ${visit.id}: signed note ${amendment.id} refers to it`);
  });

  it('is allowed while the note is unsigned, or for a visit without a note', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const drafted = await appointmentIn(t, 'completed', { client_id: client.id, start_time: '09:00', end_time: '10:00' });
    await createNote(t, { client_id: client.id, appointment_id: drafted.id });
    const bare = await appointmentIn(t, 'completed', { client_id: client.id, start_time: '10:00', end_time: '11:00' });
    for (const visit of [drafted, bare]) {
      const reply = await setStatus(t, visit.id, 'confirmed');
      expect(reply.status, reply.text).toBe(204);
    }
  });
});

describe('overlaps', () => {
  it('an appointment overlapping another is refused with 409 naming the other one', async () => {
    const t = await practice(server);
    const first = await createAppointment(t, { start_time: '10:00', end_time: '11:00' });
    const reply = await t.post('/appointments', { date: '2025-03-10', start_time: '10:30', end_time: '11:30', client_id: first.client_id });
    const body = expectError(reply, 409, '23P01');
    expect(body.message).toContain(first.id);
    expect(await rows(t, '/appointments?select=id')).toEqual([{ id: first.id }]);
  });

  it.each([
    ['starts inside', '10:15', '10:45'],
    ['encloses', '09:00', '12:00'],
    ['ends inside', '09:30', '10:30'],
    ['same times', '10:00', '11:00'],
  ])('an appointment that %s another is refused', async (_name, start, end) => {
    const t = await practice(server);
    const first = await createAppointment(t, { start_time: '10:00', end_time: '11:00' });
    const reply = await t.post('/appointments', { date: '2025-03-10', start_time: start, end_time: end, client_id: first.client_id });
    expectError(reply, 409, '23P01');
  });

  it('back-to-back appointments and other days are fine', async () => {
    const t = await practice(server);
    const first = await createAppointment(t, { start_time: '10:00', end_time: '11:00' });
    await createAppointment(t, { client_id: first.client_id, start_time: '11:00', end_time: '12:00' });
    await createAppointment(t, { client_id: first.client_id, start_time: '09:00', end_time: '10:00' });
    await createAppointment(t, { client_id: first.client_id, date: '2025-03-11', start_time: '10:00', end_time: '11:00' });
    expect(await rows(t, '/appointments?select=id')).toHaveLength(4);
  });

  it('a cancelled appointment does not block its slot', async () => {
    const t = await practice(server);
    const first = await appointmentIn(t, 'cancelled', { start_time: '10:00', end_time: '11:00' });
    const second = await createAppointment(t, { client_id: first.client_id, start_time: '10:00', end_time: '11:00' });
    expect(second.status).toBe('scheduled');
  });

  it('a no_show appointment does not block its slot, and cannot be rescheduled into a taken one', async () => {
    const t = await practice(server);
    const missed = await appointmentIn(t, 'no_show', { start_time: '10:00', end_time: '11:00' });
    const rebooked = await createAppointment(t, { client_id: missed.client_id, start_time: '10:00', end_time: '11:00' });
    const body = expectError(await setStatus(t, missed.id, 'scheduled'), 409, '23P01');
    expect(body.message).toContain(rebooked.id);
    expect(await statusOf(t, missed.id)).toBe('no_show');
  });

  it('rescheduling a cancelled appointment into a taken slot is refused', async () => {
    const t = await practice(server);
    const first = await appointmentIn(t, 'cancelled', { start_time: '10:00', end_time: '11:00' });
    const second = await createAppointment(t, { client_id: first.client_id, start_time: '10:30', end_time: '11:30' });
    const body = expectError(await setStatus(t, first.id, 'scheduled'), 409, '23P01');
    expect(body.message).toContain(second.id);
    expect(await statusOf(t, first.id)).toBe('cancelled');
  });

  it('moving an appointment onto another is refused', async () => {
    const t = await practice(server);
    const first = await createAppointment(t, { start_time: '10:00', end_time: '11:00' });
    const second = await createAppointment(t, { client_id: first.client_id, start_time: '13:00', end_time: '14:00' });
    const body = expectError(await t.patch(`/appointments?id=eq.${second.id}`, { start_time: '10:30', end_time: '11:30' }), 409, '23P01');
    expect(body.message).toContain(first.id);
    expect(await rows(t, `/appointments?id=eq.${second.id}&select=start_time`)).toEqual([{ start_time: '13:00' }]);
  });

  it('another practice at the same time does not block', async () => {
    const t = await practice(server);
    const other = await practice(server);
    await createAppointment(t, { start_time: '10:00', end_time: '11:00' });
    const theirs = await createAppointment(other, { start_time: '10:00', end_time: '11:00' });
    expect(theirs.therapist_id).toBe(other.id);
  });

  it('end must be after start (400 23514)', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    for (const [start, end] of [['10:00', '10:00'], ['11:00', '10:00']]) {
      expectError(await t.post('/appointments', { date: '2025-03-10', start_time: start, end_time: end, client_id: client.id }), 400, '23514');
    }
    expect(await rows(t, '/appointments')).toEqual([]);
  });
});

describe('client_name', () => {
  it('is copied from the client when omitted', async () => {
    const t = await practice(server);
    const client = await createClient(t, { name: 'Maya Ortiz' });
    const appointment = await createAppointment(t, { client_id: client.id });
    expect(appointment.client_name).toBe('Maya Ortiz');
  });

  it('is kept when given', async () => {
    const t = await practice(server);
    const client = await createClient(t, { name: 'Maya Ortiz' });
    const appointment = await createAppointment(t, { client_id: client.id, client_name: 'Maya O.' });
    expect(appointment.client_name).toBe('Maya O.');
  });
});

describe('total_visits', () => {
  async function visits(t: Practice, clientId: string): Promise<number> {
    const [client] = await rows(t, `/clients?id=eq.${clientId}&select=total_visits`);
    return client!.total_visits as number;
  }

  it('may be set on create and then moves by one as appointments enter or leave completed', async () => {
    const t = await practice(server);
    const client = await createClient(t, { total_visits: 5 });
    expect(await visits(t, client.id)).toBe(5);
    const first = await createAppointment(t, { client_id: client.id, start_time: '09:00', end_time: '10:00' });
    const second = await createAppointment(t, { client_id: client.id, start_time: '10:00', end_time: '11:00' });
    expect(await visits(t, client.id)).toBe(5);

    expect((await setStatus(t, first.id, 'confirmed')).status).toBe(204);
    expect(await visits(t, client.id)).toBe(5);
    expect((await setStatus(t, first.id, 'completed')).status).toBe(204);
    expect(await visits(t, client.id)).toBe(6);
    expect((await setStatus(t, second.id, 'completed')).status).toBe(204);
    expect(await visits(t, client.id)).toBe(7);
    expect((await setStatus(t, first.id, 'confirmed')).status).toBe(204);
    expect(await visits(t, client.id)).toBe(6);
    expect((await t.patch(`/appointments?id=eq.${second.id}`, { notes: 'tipped' })).status).toBe(204);
    expect(await visits(t, client.id)).toBe(6);
  });

  it('counts an appointment created as completed, and uncounts it when deleted', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const done = await createAppointment(t, { client_id: client.id, status: 'completed' });
    expect(await visits(t, client.id)).toBe(1);
    expect((await t.delete(`/appointments?id=eq.${done.id}`)).status).toBe(204);
    expect(await visits(t, client.id)).toBe(0);
  });

  it('moves with the client when a completed appointment is moved to another client', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    const bob = await createClient(t, { name: 'Bob' });
    const done = await appointmentIn(t, 'completed', { client_id: ann.id });
    expect([await visits(t, ann.id), await visits(t, bob.id)]).toEqual([1, 0]);
    expect((await t.patch(`/appointments?id=eq.${done.id}`, { client_id: bob.id })).status).toBe(204);
    expect([await visits(t, ann.id), await visits(t, bob.id)]).toEqual([0, 1]);
  });
});

describe('references', () => {
  it('an appointment cannot reference another practice\'s client: the same answer as a missing one', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const theirs = await createClient(other);
    const slot = { date: '2025-03-10', start_time: '09:00', end_time: '10:00' };
    const foreign = await t.post('/appointments', { ...slot, client_id: theirs.id });
    const missing = await t.post('/appointments', { ...slot, client_id: randomUUID() });
    expectError(foreign, 409, '23503');
    expectError(missing, 409, '23503');
    expect(await rows(t, '/appointments')).toEqual([]);
    expect(foreign.body.message).not.toContain(theirs.name);
  });

  it('an appointment cannot reference another practice\'s service', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const theirs = await createService(other);
    const client = await createClient(t);
    const reply = await t.post('/appointments', { date: '2025-03-10', start_time: '09:00', end_time: '10:00', client_id: client.id, service_id: theirs.id });
    expectError(reply, 409, '23503');
  });

  it('an appointment cannot be moved to another practice\'s client', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const theirs = await createClient(other);
    const appointment = await createAppointment(t);
    expectError(await t.patch(`/appointments?id=eq.${appointment.id}`, { client_id: theirs.id }), 409, '23503');
    expect(await rows(t, `/appointments?id=eq.${appointment.id}&select=client_id`)).toEqual([{ client_id: appointment.client_id }]);
  });

  it('an appointment a note refers to cannot be deleted: 409 with a hint to cancel', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    await createNote(t, { client_id: appointment.client_id, appointment_id: appointment.id });
    const body = expectError(await t.delete(`/appointments?id=eq.${appointment.id}`), 409, '23503');
    expect(body.hint).toMatch(/cancel/i);
    expect(await rows(t, `/appointments?id=eq.${appointment.id}&select=id`)).toHaveLength(1);
  });

  it('an appointment without a note can be deleted', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    expect((await t.delete(`/appointments?id=eq.${appointment.id}`)).status).toBe(204);
    expect(await rows(t, '/appointments')).toEqual([]);
  });
});
