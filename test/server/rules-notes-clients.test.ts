// The rules of DESIGN.md section 3 for notes, clients, the service menu, business hours, expenses and
// the conversation log: signed notes are final, one note per appointment, composite references, email
// and service name unique case-insensitively (the refusal names who has it), referenced clients kept,
// no overlapping hours, an append-only log.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAppointment, createClient, createExpense, createHours, createMessage, createNote, createService,
  expectError, insert, practice, rows,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const SIGNED_AT = '2025-03-10T10:15:00Z';

describe('session notes', () => {
  it('an unsigned note can change and be deleted', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const note = await createNote(t, { client_id: client.id });
    expect((await t.patch(`/sessions?id=eq.${note.id}`, { plan: 'Stretch daily' })).status).toBe(204);
    expect(await rows(t, `/sessions?id=eq.${note.id}&select=plan`)).toEqual([{ plan: 'Stretch daily' }]);
    expect((await t.delete(`/sessions?id=eq.${note.id}`)).status).toBe(204);
    expect(await rows(t, '/sessions')).toEqual([]);
  });

  it('signing is a change an unsigned note accepts', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const note = await createNote(t, { client_id: client.id });
    expect((await t.patch(`/sessions?id=eq.${note.id}`, { signed_at: SIGNED_AT })).status).toBe(204);
    const [signed] = await rows(t, `/sessions?id=eq.${note.id}&select=signed_at`);
    expect(new Date(signed!.signed_at).toISOString()).toBe('2025-03-10T10:15:00.000Z');
  });

  it('a signed note cannot change (409)', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const note = await createNote(t, { client_id: client.id, subjective: 'Original', signed_at: SIGNED_AT });
    for (const change of [{ subjective: 'Edited' }, { signed_at: null }, { signed_at: '2025-03-11T00:00:00Z' }]) {
      const reply = await t.patch(`/sessions?id=eq.${note.id}`, change);
      const body = expectError(reply, 409, 'PT409');
      expect(body.hint, JSON.stringify(change)).toMatch(/amend/);
    }
    expect(await rows(t, `/sessions?id=eq.${note.id}&select=subjective`)).toEqual([{ subjective: 'Original' }]);
  });

  it('a signed note cannot be deleted (409)', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const note = await createNote(t, { client_id: client.id, signed_at: SIGNED_AT });
    expectError(await t.delete(`/sessions?id=eq.${note.id}`), 409, 'PT409');
    expect(await rows(t, `/sessions?id=eq.${note.id}&select=id`)).toEqual([{ id: note.id }]);
  });

  it('an amendment is a new note naming the signed one', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const signed = await createNote(t, { client_id: client.id, signed_at: SIGNED_AT });
    const amendment = await createNote(t, { client_id: client.id, amends_id: signed.id, subjective: 'Correction' });
    expect(amendment.amends_id).toBe(signed.id);
    expect(await rows(t, '/sessions?select=id')).toHaveLength(2);
  });

  it('one note per appointment (409)', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    await createNote(t, { client_id: appointment.client_id, appointment_id: appointment.id });
    const reply = await t.post('/sessions', { client_id: appointment.client_id, appointment_id: appointment.id, plan: 'Again' });
    expectError(reply, 409, '23505');
    expect(await rows(t, '/sessions?select=id')).toHaveLength(1);
  });

  it('the appointment must belong to the note\'s client', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann' });
    const bob = await createClient(t, { name: 'Bob' });
    const annsVisit = await createAppointment(t, { client_id: ann.id });
    const reply = await t.post('/sessions', { client_id: bob.id, appointment_id: annsVisit.id, plan: 'Wrong client' });
    expectError(reply, 409, '23503');
    expect(await rows(t, '/sessions')).toEqual([]);
  });

  it('needs one of subjective, objective, assessment, plan (400 23514)', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    expectError(await t.post('/sessions', { client_id: client.id }), 400, '23514');
    expect(await rows(t, '/sessions')).toEqual([]);
  });

  it('cannot reference another practice\'s client or appointment: the same answer as a missing one', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const theirs = await createAppointment(other);
    const mine = await createClient(t);
    const foreignClient = await t.post('/sessions', { client_id: theirs.client_id, plan: 'x' });
    const missingClient = await t.post('/sessions', { client_id: randomUUID(), plan: 'x' });
    expectError(foreignClient, 409, '23503');
    expectError(missingClient, 409, '23503');
    const foreignAppointment = await t.post('/sessions', { client_id: mine.id, appointment_id: theirs.id, plan: 'x' });
    const missingAppointment = await t.post('/sessions', { client_id: mine.id, appointment_id: randomUUID(), plan: 'x' });
    expectError(foreignAppointment, 409, '23503');
    expectError(missingAppointment, 409, '23503');
    expect(await rows(t, '/sessions')).toEqual([]);
    expect(await rows(other, '/sessions')).toEqual([]);
  });
});

describe('clients', () => {
  it('email is unique per practice, case-insensitively: 409 naming the client that has it', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee', email: 'Ann@Example.com' });
    const body = expectError(await t.post('/clients', { name: 'Ann again', email: 'ann@example.com' }), 409, '23505');
    expect(body.message).toBe(`Client Ann Lee (${ann.id}) already has the email ann@example.com`);
    expect(body.hint).toBe('Use that client, or give this one another email address (emails are unique ignoring case).');
    expect(await rows(t, '/clients?select=name')).toEqual([{ name: 'Ann Lee' }]);
  });

  it('changing an email to another client\'s is refused the same way; keeping one\'s own is fine', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee', email: 'ann@example.com' });
    const bob = await createClient(t, { name: 'Bob', email: 'bob@example.com' });
    const body = expectError(await t.patch(`/clients?id=eq.${bob.id}`, { email: 'ANN@example.com' }), 409, '23505');
    expect(body.message).toBe(`Client Ann Lee (${ann.id}) already has the email ANN@example.com`);
    expect(body.message).not.toContain('clients_email_key');
    expect((await t.patch(`/clients?id=eq.${ann.id}`, { email: 'Ann@Example.com' })).status).toBe(204);
    expect(await rows(t, `/clients?id=eq.${bob.id}&select=email`)).toEqual([{ email: 'bob@example.com' }]);
  });

  it('another practice may use the same email, and clients without email do not clash', async () => {
    const t = await practice(server);
    const other = await practice(server);
    await createClient(t, { name: 'Ann', email: 'ann@example.com' });
    await createClient(other, { name: 'Ann', email: 'ann@example.com' });
    await insert(t, 'clients', [{ name: 'No mail 1', email: null }, { name: 'No mail 2', email: null }]);
    expect(await rows(t, '/clients?select=id')).toHaveLength(3);
  });

  it('status is active or inactive (400 23514)', async () => {
    const t = await practice(server);
    expectError(await t.post('/clients', { name: 'Ann', status: 'archived' }), 400, '23514');
  });

  it('a client with appointments cannot be deleted: 409 with a hint to set status inactive', async () => {
    const t = await practice(server);
    const appointment = await createAppointment(t);
    const body = expectError(await t.delete(`/clients?id=eq.${appointment.client_id}`), 409, '23503');
    expect(body.hint).toMatch(/inactive/);
    expect(await rows(t, `/clients?id=eq.${appointment.client_id}&select=id`)).toHaveLength(1);
  });

  it('a client with notes cannot be deleted: 409 with a hint to set status inactive', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    await createNote(t, { client_id: client.id });
    const body = expectError(await t.delete(`/clients?id=eq.${client.id}`), 409, '23503');
    expect(body.hint).toMatch(/inactive/);
    expect(await rows(t, `/clients?id=eq.${client.id}&select=id`)).toHaveLength(1);
  });

  it('an unreferenced client can be deleted', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    expect((await t.delete(`/clients?id=eq.${client.id}`)).status).toBe(204);
    expect(await rows(t, '/clients')).toEqual([]);
  });
});

describe('service menu', () => {
  it.each([
    ['duration 0', { duration: 0 }],
    ['duration over a day', { duration: 1441 }],
    ['a negative price', { price: -1 }],
  ])('%s is refused (400 23514)', async (_name, fields) => {
    const t = await practice(server);
    expectError(await t.post('/service_menu', { name: 'Swedish', duration: 60, price: 80, ...fields }), 400, '23514');
  });

  it('the limits themselves are allowed: 1 and 1440 minutes, price 0', async () => {
    const t = await practice(server);
    await createService(t, { name: 'Short', duration: 1, price: 0 });
    await createService(t, { name: 'Long', duration: 1440, price: 0 });
    expect(await rows(t, '/service_menu?select=name&order=duration')).toEqual([{ name: 'Short' }, { name: 'Long' }]);
  });

  it('name is unique per practice, case-insensitively: 409 naming the service that has it', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const swedish = await createService(t, { name: 'Swedish 60' });
    const body = expectError(await t.post('/service_menu', { name: 'swedish 60', duration: 60, price: 80 }), 409, '23505');
    expect(body.message).toBe(`Service Swedish 60 (${swedish.id}) already has the name swedish 60`);
    expect(body.hint).toBe('Use that service, or choose another name (names are unique ignoring case).');
    const deep = await createService(t, { name: 'Deep 60' });
    const renamed = expectError(await t.patch(`/service_menu?id=eq.${deep.id}`, { name: 'SWEDISH 60' }), 409, '23505');
    expect(renamed.message).toBe(`Service Swedish 60 (${swedish.id}) already has the name SWEDISH 60`);
    await createService(other, { name: 'Swedish 60' });
  });

  it('defaults: buffer_minutes 0, active true', async () => {
    const t = await practice(server);
    const service = await createService(t);
    expect(service).toEqual(expect.objectContaining({ buffer_minutes: 0, active: true, description: null }));
  });
});

describe('business hours', () => {
  it('split shifts on one day are allowed; overlapping rows are refused (409)', async () => {
    const t = await practice(server);
    await createHours(t, { day_of_week: 'monday', open_time: '09:00', close_time: '12:00' });
    await createHours(t, { day_of_week: 'monday', open_time: '13:00', close_time: '17:00' });
    await createHours(t, { day_of_week: 'monday', open_time: '12:00', close_time: '13:00' });
    await createHours(t, { day_of_week: 'tuesday', open_time: '10:00', close_time: '14:00' });
    const reply = await t.post('/business_hours', { day_of_week: 'monday', open_time: '16:00', close_time: '18:00' });
    expectError(reply, 409, '23P01');
    expect(await rows(t, '/business_hours?select=id')).toHaveLength(4);
  });

  it('another practice\'s hours do not overlap mine', async () => {
    const t = await practice(server);
    const other = await practice(server);
    await createHours(t);
    await createHours(other);
    expect(await rows(other, '/business_hours?select=day_of_week')).toEqual([{ day_of_week: 'monday' }]);
  });

  it.each([
    ['close before open', { open_time: '17:00', close_time: '09:00' }],
    ['close equal to open', { open_time: '09:00', close_time: '09:00' }],
    ['a capitalised day', { day_of_week: 'Monday' }],
    ['an unknown day', { day_of_week: 'funday' }],
  ])('%s is refused (400 23514)', async (_name, fields) => {
    const t = await practice(server);
    expectError(await t.post('/business_hours', { day_of_week: 'monday', open_time: '09:00', close_time: '17:00', ...fields }), 400, '23514');
  });
});

describe('expenses', () => {
  it.each([
    ['amount 0', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['an upper-case category', { category: 'Supplies' }],
  ])('%s is refused (400 23514)', async (_name, fields) => {
    const t = await practice(server);
    expectError(await t.post('/expenses', { date: '2025-03-01', amount: 10, category: 'supplies', ...fields }), 400, '23514');
  });

  it('money keeps two decimals', async () => {
    const t = await practice(server);
    const expense = await createExpense(t, { amount: 19.99 });
    expect(expense.amount).toBe(19.99);
    expect(await rows(t, '/expenses?select=amount::text')).toEqual([{ amount: '19.99' }]);
  });
});

describe('conversation log', () => {
  it('is append-only: update and delete are refused with 403', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const message = await createMessage(t, { client_id: client.id, message: 'Hello' });
    expectError(await t.patch(`/conversation_log?id=eq.${message.id}`, { message: 'Edited' }), 403, '42501');
    expectError(await t.delete(`/conversation_log?id=eq.${message.id}`), 403, '42501');
    expect(await rows(t, '/conversation_log?select=message')).toEqual([{ message: 'Hello' }]);
  });

  it('role and channel are checked; channel defaults to chat', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    expectError(await t.post('/conversation_log', { client_id: client.id, role: 'robot', message: 'x' }), 400, '23514');
    expectError(await t.post('/conversation_log', { client_id: client.id, role: 'client', message: 'x', channel: 'pigeon' }), 400, '23514');
    const message = await createMessage(t, { client_id: client.id, role: 'assistant' });
    expect(message.channel).toBe('chat');
  });

  it('cannot reference another practice\'s client: the same answer as a missing one', async () => {
    const t = await practice(server);
    const other = await practice(server);
    const theirs = await createClient(other);
    const foreign = await t.post('/conversation_log', { client_id: theirs.id, role: 'client', message: 'x' });
    const missing = await t.post('/conversation_log', { client_id: randomUUID(), role: 'client', message: 'x' });
    expectError(foreign, 409, '23503');
    expectError(missing, 409, '23503');
  });
});
