// Every example request of INTERFACE.md section 4, sent as written there (real ids and dates put in),
// answered with the documented shape: times HH:MM, dates YYYY-MM-DD, money as JSON numbers.
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAppointment, createClient, createExpense, createHours, createMessage, createNote, createService,
  insert, JSON_TYPE, practice, rows, TIMESTAMP, UUID, type Practice,
} from '../helpers/fixtures.js';
import { startTestServer } from '../helpers/server.js';

const server = await startTestServer();
afterAll(() => server.close());

const DATE = /^\d{4}-\d\d-\d\d$/;
const TIME = /^\d\d:\d\d$/;

describe('appointments', () => {
  async function day(t: Practice) {
    const ann = await createClient(t, { name: 'Ann Lee' });
    const bob = await createClient(t, { name: 'Bob Stone' });
    const service = await createService(t, { name: 'Swedish 60', duration: 60, price: 80 });
    const [first, second, third] = await insert(t, 'appointments', [
      { date: '2025-03-11', start_time: '09:00', end_time: '10:00', client_id: ann.id, service_id: service.id, status: 'scheduled' },
      { date: '2025-03-10', start_time: '14:30', end_time: '15:30', client_id: bob.id, service_id: service.id, status: 'confirmed' },
      { date: '2025-03-10', start_time: '10:00', end_time: '11:00', client_id: ann.id, service_id: service.id, status: 'completed' },
    ]);
    return { ann, bob, service, first: first!, second: second!, third: third! };
  }

  it('lists by therapist_id, returning full records with HH:MM times and YYYY-MM-DD dates', async () => {
    const t = await practice(server);
    const { ann, service, first } = await day(t);
    const reply = await t.get(`/appointments?therapist_id=eq.${t.id}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(JSON_TYPE);
    expect(reply.body).toHaveLength(3);
    const record = reply.body.find((r: { id: string }) => r.id === first.id);
    expect(record).toEqual({
      id: first.id,
      date: '2025-03-11',
      start_time: '09:00',
      end_time: '10:00',
      status: 'scheduled',
      client_id: ann.id,
      client_name: 'Ann Lee',
      service_id: service.id,
      therapist_id: t.id,
      notes: null,
      price: 80,
      buffer_minutes: 0,
      series_id: null,
      recurrence: null,
      hold_until: null,
      request_answer: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
  });

  it('lists by date=eq.<YYYY-MM-DD>', async () => {
    const t = await practice(server);
    const { second, third } = await day(t);
    const found = await rows(t, `/appointments?date=eq.2025-03-10`);
    expect(found.map((r) => r.id).sort()).toEqual([third.id, second.id].sort());
  });

  it('lists by status=in.(<status>,...)', async () => {
    const t = await practice(server);
    const { first, second } = await day(t);
    const found = await rows(t, `/appointments?status=in.(scheduled,confirmed)`);
    expect(found.map((r) => r.id).sort()).toEqual([second.id, first.id].sort());
  });

  it('lists by client_id=eq.<uuid>', async () => {
    const t = await practice(server);
    const { bob, second } = await day(t);
    const found = await rows(t, `/appointments?client_id=eq.${bob.id}`);
    expect(found.map((r) => r.id)).toEqual([second.id]);
  });

  it('combines the documented filters with select, order=date.asc and limit', async () => {
    const t = await practice(server);
    const { ann, third } = await day(t);
    const reply = await t.get(
      `/appointments?therapist_id=eq.${t.id}&date=eq.2025-03-10&status=in.(scheduled,confirmed,completed)` +
        `&client_id=eq.${ann.id}&select=id,date,start_time,end_time,status&order=date.asc&limit=10`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: third.id, date: '2025-03-10', start_time: '10:00', end_time: '11:00', status: 'completed' },
    ]);
  });

  it('orders by date.asc and honours limit', async () => {
    const t = await practice(server);
    await day(t);
    const found = await rows(t, `/appointments?select=date,start_time&order=date.asc,start_time.asc&limit=2`);
    expect(found).toEqual([
      { date: '2025-03-10', start_time: '10:00' },
      { date: '2025-03-10', start_time: '14:30' },
    ]);
  });

  it('creates with the documented body: date, start_time, end_time, status, client_id, client_name, service_id, therapist_id', async () => {
    const t = await practice(server);
    const client = await createClient(t, { name: 'Carol King' });
    const service = await createService(t);
    const reply = await t.post('/appointments', {
      date: '2025-04-01',
      start_time: '13:00',
      end_time: '14:30',
      status: 'scheduled',
      client_id: client.id,
      client_name: 'Carol King',
      service_id: service.id,
      therapist_id: t.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('');
    const stored = await rows(t, `/appointments?client_id=eq.${client.id}`);
    expect(stored).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(UUID),
        date: '2025-04-01',
        start_time: '13:00',
        end_time: '14:30',
        status: 'scheduled',
        client_name: 'Carol King',
        service_id: service.id,
        therapist_id: t.id,
      }),
    ]);
  });

  it('updates with PATCH /appointments?id=eq.<uuid> and a body of the fields to change', async () => {
    const t = await practice(server);
    const { first, second } = await day(t);
    const reply = await t.patch(`/appointments?id=eq.${first.id}`, { start_time: '09:30', end_time: '10:30', notes: 'Prefers firm pressure' });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    const [changed] = await rows(t, `/appointments?id=eq.${first.id}&select=start_time,end_time,notes,status`);
    expect(changed).toEqual({ start_time: '09:30', end_time: '10:30', notes: 'Prefers firm pressure', status: 'scheduled' });
    const [untouched] = await rows(t, `/appointments?id=eq.${second.id}&select=start_time,notes`);
    expect(untouched).toEqual({ start_time: '14:30', notes: null });
  });

  it('deletes with DELETE /appointments?id=eq.<uuid>', async () => {
    const t = await practice(server);
    const { first } = await day(t);
    const reply = await t.delete(`/appointments?id=eq.${first.id}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(await rows(t, `/appointments?id=eq.${first.id}`)).toEqual([]);
    expect(await rows(t, `/appointments?select=id`)).toHaveLength(2);
  });
});

describe('clients', () => {
  it('lists with therapist_id=eq.<uuid>&order=name.asc, full records', async () => {
    const t = await practice(server);
    await createClient(t, { name: 'Zoe Park', phone: '555-0199' });
    const ann = await createClient(t, { name: 'Ann Lee', phone: '555-0101', email: 'ann@example.com' });
    await createClient(t, { name: 'Mia Cho', phone: null });
    const reply = await t.get(`/clients?therapist_id=eq.${t.id}&order=name.asc`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((c: { name: string }) => c.name)).toEqual(['Ann Lee', 'Mia Cho', 'Zoe Park']);
    expect(reply.body[0]).toEqual({
      id: ann.id,
      name: 'Ann Lee',
      phone: '555-0101',
      email: 'ann@example.com',
      notes: null,
      status: 'active',
      total_visits: 0,
      diagnosis_codes: [],
      therapist_id: t.id,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      search_name: 'ann lee',
      erased_at: null,
    });
  });

  it('creates with POST /clients', async () => {
    const t = await practice(server);
    const reply = await t.post('/clients', { name: 'Dana Fox', phone: '555-0123', email: 'dana@example.com' });
    expect(reply.status).toBe(201);
    expect(reply.text).toBe('');
    expect(await rows(t, '/clients?select=name,phone,email,status,total_visits')).toEqual([
      { name: 'Dana Fox', phone: '555-0123', email: 'dana@example.com', status: 'active', total_visits: 0 },
    ]);
  });

  it('updates with PATCH /clients?id=eq.<uuid>', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee' });
    const bob = await createClient(t, { name: 'Bob Stone', phone: '555-0102' });
    const reply = await t.patch(`/clients?id=eq.${ann.id}`, { phone: '555-0999', status: 'inactive' });
    expect(reply.status).toBe(204);
    expect(await rows(t, `/clients?select=name,phone,status&order=name.asc`)).toEqual([
      { name: 'Ann Lee', phone: '555-0999', status: 'inactive' },
      { name: 'Bob Stone', phone: bob.phone, status: 'active' },
    ]);
  });

  it('searches with name=ilike.*<text>*&therapist_id=eq.<uuid>, case-insensitively', async () => {
    const t = await practice(server);
    await createClient(t, { name: 'Ann Lee' });
    await createClient(t, { name: 'Joann Fischer' });
    await createClient(t, { name: 'Bob Stone' });
    const found = await rows(t, `/clients?name=ilike.*ANN*&therapist_id=eq.${t.id}`);
    expect(found.map((c) => c.name).sort()).toEqual(['Ann Lee', 'Joann Fischer']);
  });

  it('selects named columns, email among them', async () => {
    const t = await practice(server);
    const ann = await createClient(t, { name: 'Ann Lee', email: 'ann@example.com' });
    const found = await rows(t, `/clients?therapist_id=eq.${t.id}&select=id,name,phone,email`);
    expect(found).toEqual([{ id: ann.id, name: 'Ann Lee', phone: '555-0101', email: 'ann@example.com' }]);
  });
});

describe('sessions', () => {
  it('creates a note without appointment_id', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const note = await createNote(t, { client_id: client.id, plan: 'Stretch daily' });
    expect(note).toEqual(expect.objectContaining({ client_id: client.id, appointment_id: null, plan: 'Stretch daily' }));
  });

  it('creates with the documented body and lists with client_id=eq.<uuid>&order=created_at.desc', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const earlier = await createAppointment(t, { client_id: client.id, date: '2025-03-03' });
    const later = await createAppointment(t, { client_id: client.id, date: '2025-03-10' });
    for (const [appointment, subjective] of [[earlier, 'First visit'], [later, 'Second visit']] as const) {
      const reply = await t.post('/sessions', {
        client_id: client.id,
        therapist_id: t.id,
        appointment_id: appointment.id,
        subjective,
        objective: 'Trigger points in upper trapezius',
        assessment: 'Muscle tension',
        plan: 'Weekly for 4 weeks',
      });
      expect(reply.status).toBe(201);
    }
    const reply = await t.get(`/sessions?client_id=eq.${client.id}&order=created_at.desc`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((s: { subjective: string }) => s.subjective)).toEqual(['Second visit', 'First visit']);
    expect(reply.body[0]).toEqual(expect.objectContaining({
      id: expect.stringMatching(UUID),
      client_id: client.id,
      therapist_id: t.id,
      appointment_id: later.id,
      subjective: 'Second visit',
      objective: 'Trigger points in upper trapezius',
      assessment: 'Muscle tension',
      plan: 'Weekly for 4 weeks',
      signed_at: null,
      amends_id: null,
      created_at: expect.stringMatching(TIMESTAMP),
    }));
  });
});

describe('service_menu', () => {
  it('lists with therapist_id=eq.<uuid>: duration an integer, price a JSON number', async () => {
    const t = await practice(server);
    const service = await createService(t, { name: 'Swedish 60', duration: 60, price: 85.5 });
    const reply = await t.get(`/service_menu?therapist_id=eq.${t.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      expect.objectContaining({ id: service.id, name: 'Swedish 60', duration: 60, price: 85.5, therapist_id: t.id }),
    ]);
    expect(reply.text).toMatch(/"price"\s*:\s*85\.50?[,}]/);
    expect(reply.text).toMatch(/"duration"\s*:\s*60[,}]/);
  });
});

describe('business_hours', () => {
  it('lists with therapist_id=eq.<uuid>: day names lower case, times HH:MM', async () => {
    const t = await practice(server);
    const hours = await createHours(t, { day_of_week: 'monday', open_time: '09:00', close_time: '17:30' });
    const reply = await t.get(`/business_hours?therapist_id=eq.${t.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      expect.objectContaining({ id: hours.id, day_of_week: 'monday', open_time: '09:00', close_time: '17:30', therapist_id: t.id }),
    ]);
    expect(reply.body[0].open_time).toMatch(TIME);
  });
});

describe('expenses', () => {
  it('creates with the documented body: date, amount, category, description, vendor, therapist_id', async () => {
    const t = await practice(server);
    const reply = await t.post('/expenses', {
      date: '2025-03-05',
      amount: 42.5,
      category: 'supplies',
      description: 'Massage oil',
      vendor: 'Oil Co',
      therapist_id: t.id,
    });
    expect(reply.status).toBe(201);
    expect(await rows(t, '/expenses')).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(UUID),
        date: '2025-03-05',
        amount: 42.5,
        category: 'supplies',
        description: 'Massage oil',
        vendor: 'Oil Co',
        therapist_id: t.id,
        created_at: expect.stringMatching(TIMESTAMP),
      }),
    ]);
  });

  it('lists with therapist_id=eq.<uuid>&order=date.desc', async () => {
    const t = await practice(server);
    await createExpense(t, { date: '2025-01-15', amount: 10 });
    await createExpense(t, { date: '2025-03-01', amount: 1200, category: 'rent' });
    await createExpense(t, { date: '2025-02-10', amount: 19.99 });
    const found = await rows(t, `/expenses?therapist_id=eq.${t.id}&order=date.desc`);
    expect(found.map((e) => [e.date, e.amount])).toEqual([
      ['2025-03-01', 1200],
      ['2025-02-10', 19.99],
      ['2025-01-15', 10],
    ]);
    for (const e of found) expect(e.date).toMatch(DATE);
  });
});

describe('conversation_log', () => {
  it('lists with client_id=eq.<uuid>&order=created_at.desc&limit=<integer>', async () => {
    const t = await practice(server);
    const client = await createClient(t);
    const other = await createClient(t, { name: 'Bob Stone' });
    for (const message of ['one', 'two', 'three']) await createMessage(t, { client_id: client.id, message });
    await createMessage(t, { client_id: other.id, message: 'not this client' });
    const reply = await t.get(`/conversation_log?client_id=eq.${client.id}&order=created_at.desc&limit=2`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((m: { message: string }) => m.message)).toEqual(['three', 'two']);
    expect(reply.body[0]).toEqual(expect.objectContaining({
      id: expect.stringMatching(UUID),
      client_id: client.id,
      role: 'client',
      channel: 'chat',
      therapist_id: t.id,
      created_at: expect.stringMatching(TIMESTAMP),
    }));
  });
});

describe('GET /rest/v1/ (OpenAPI)', () => {
  it('answers a Swagger 2.0 document with a definition per table', async () => {
    const t = await practice(server);
    const reply = await t.get('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
    expect(reply.body.swagger).toBe('2.0');
    expect(reply.body.basePath).toBe('/rest/v1');
    const tables = ['appointments', 'audit_chain_breaks', 'audit_log', 'booking_pages', 'booking_requests', 'business_hours', 'calendar_feeds', 'client_balances', 'clients', 'closures', 'conversation_log', 'expenses', 'invoices', 'packages', 'payments', 'practice_settings', 'reminders', 'service_menu', 'sessions'];
    expect(Object.keys(reply.body.definitions).sort()).toEqual(tables);
    for (const table of tables) {
      expect(Object.keys(reply.body.paths[`/${table}`]).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    }
  });

  it('answers HEAD like GET, without the body', async () => {
    const t = await practice(server);
    const reply = await t.head('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
    expect(reply.text).toBe('');
  });

  it('describes columns: types, formats, enums, defaults and required', async () => {
    const t = await practice(server);
    const { definitions } = (await t.get('/')).body;
    expect(definitions.clients.required).toEqual(['name']);
    // Not null without a default, as PostgREST derives it; a trigger fills an omitted buffer from the
    // service, which the column's description says.
    expect(definitions.appointments.required.sort()).toEqual(['buffer_minutes', 'client_id', 'date', 'end_time', 'start_time']);
    expect(definitions.appointments.properties.buffer_minutes.description).toMatch(/copied from the service when omitted/);
    expect(definitions.appointments.properties.price).toEqual(expect.objectContaining({ type: 'number', format: 'numeric(10,2)' }));
    expect(definitions.service_menu.properties.price).toEqual(expect.objectContaining({ type: 'number', format: 'numeric(10,2)' }));
    expect(definitions.service_menu.properties.duration).toEqual(expect.objectContaining({ type: 'integer' }));
    expect(definitions.appointments.properties.id).toEqual(expect.objectContaining({ type: 'string', format: 'uuid' }));
    expect(definitions.appointments.properties.status.enum).toEqual(['requested', 'scheduled', 'confirmed', 'completed', 'cancelled', 'no_show']);
    expect(definitions.appointments.properties.status.default).toMatch(/scheduled/);
    expect(definitions.business_hours.properties.day_of_week.enum).toHaveLength(7);
  });
});
