import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { AppointmentStatus } from '../../src/model/appointment-status.js';
import {
  appointmentCreateSchema,
  appointmentSchema,
  appointmentUpdateSchema,
  businessHoursCreateSchema,
  businessHoursSchema,
  businessHoursUpdateSchema,
  clientCreateSchema,
  clientSchema,
  clientUpdateSchema,
  expenseCreateSchema,
  expenseSchema,
  expenseUpdateSchema,
  messageCreateSchema,
  messageSchema,
  serviceCreateSchema,
  serviceSchema,
  serviceUpdateSchema,
  sessionNoteCreateSchema,
  sessionNoteSchema,
  sessionNoteUpdateSchema,
  type Appointment,
  type Client,
  type SessionNote,
} from '../../src/model/records.js';

const ID = '3f2a9c1b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const CLIENT = 'a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d';
const THERAPIST = '0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const FIXTURE_ID = '00000000-0000-0000-0000-000000000001'; // not an RFC 9562 version, still a PostgreSQL uuid
const AT = '2026-11-23T09:15:00.123456+00:00';
const OWNED = { therapist_id: THERAPIST, created_at: AT, updated_at: AT };
const NOT_OWNED = { therapist_id: null, created_at: null, updated_at: null };

describe('reading records', () => {
  it.each<{ name: string; schema: z.ZodMiniType; row: Record<string, unknown>; record: Record<string, unknown> }>([
    {
      name: 'a client as our service returns it',
      schema: clientSchema,
      row: { id: ID, ...OWNED, name: 'Ann', phone: '555', email: 'ann@example.com', notes: 'left knee', status: 'inactive', total_visits: 7 },
      record: { id: ID, ...OWNED, name: 'Ann', phone: '555', email: 'ann@example.com', notes: 'left knee', status: 'inactive', total_visits: 7 },
    },
    {
      name: 'a client with only id and name',
      schema: clientSchema,
      row: { id: ID, name: 'Ann' },
      record: { id: ID, ...NOT_OWNED, name: 'Ann', phone: null, email: null, notes: null, status: 'active', total_visits: 0 },
    },
    {
      name: 'a client of INTERFACE.md (no email, notes or updated_at) with an extra column',
      schema: clientSchema,
      row: { id: ID, name: 'Ann', phone: null, status: 'active', total_visits: 2, therapist_id: THERAPIST, created_at: '2026-11-23T09:15:00Z', loyalty: 'gold' },
      record: { id: ID, therapist_id: THERAPIST, created_at: '2026-11-23T09:15:00Z', updated_at: null, name: 'Ann', phone: null, email: null, notes: null, status: 'active', total_visits: 2 },
    },
    {
      name: 'a service as our service returns it',
      schema: serviceSchema,
      row: { id: ID, ...OWNED, name: 'Swedish 60', duration: 60, price: 85.5, description: 'Full body', buffer_minutes: 15, active: false },
      record: { id: ID, ...OWNED, name: 'Swedish 60', duration: 60, price: 85.5, description: 'Full body', buffer_minutes: 15, active: false },
    },
    {
      name: 'a service of INTERFACE.md (no description, buffer or active)',
      schema: serviceSchema,
      row: { id: ID, name: 'Swedish 60', duration: 60, price: 85, therapist_id: THERAPIST },
      record: { id: ID, therapist_id: THERAPIST, created_at: null, updated_at: null, name: 'Swedish 60', duration: 60, price: 85, description: null, buffer_minutes: 0, active: true },
    },
    {
      name: 'business hours as our service returns them',
      schema: businessHoursSchema,
      row: { id: ID, ...OWNED, day_of_week: 'monday', open_time: '09:00', close_time: '17:30' },
      record: { id: ID, ...OWNED, day_of_week: 'monday', open_time: '09:00', close_time: '17:30' },
    },
    {
      name: 'business hours with PostgreSQL time text, as a hosted project returns them',
      schema: businessHoursSchema,
      row: { id: ID, day_of_week: 'sunday', open_time: '09:00:00', close_time: '17:30:00.000' },
      record: { id: ID, ...NOT_OWNED, day_of_week: 'sunday', open_time: '09:00', close_time: '17:30' },
    },
    {
      name: 'an appointment as our service returns it',
      schema: appointmentSchema,
      row: { id: ID, ...OWNED, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'no_show', client_name: 'Ann', service_id: FIXTURE_ID, notes: 'gate code 1234', price: 80.5, buffer_minutes: 15, series_id: FIXTURE_ID, recurrence: 'DTSTART;TZID=Europe/Berlin:20261123T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8' },
      record: { id: ID, ...OWNED, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'no_show', client_name: 'Ann', service_id: FIXTURE_ID, notes: 'gate code 1234', price: 80.5, buffer_minutes: 15, series_id: FIXTURE_ID, recurrence: 'DTSTART;TZID=Europe/Berlin:20261123T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8' },
    },
    {
      name: 'an appointment of INTERFACE.md (no timestamps, times with seconds)',
      schema: appointmentSchema,
      row: { id: ID, date: '2026-11-23', start_time: '09:00:00', end_time: '10:00:00', status: 'confirmed', client_id: CLIENT, client_name: 'Ann', service_id: null, therapist_id: THERAPIST },
      record: { id: ID, therapist_id: THERAPIST, created_at: null, updated_at: null, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'confirmed', client_name: 'Ann', service_id: null, notes: null, price: null, buffer_minutes: 0, series_id: null, recurrence: null },
    },
    {
      name: 'a signed amendment as our service returns it',
      schema: sessionNoteSchema,
      row: { id: ID, ...OWNED, client_id: CLIENT, appointment_id: FIXTURE_ID, subjective: 'better', objective: null, assessment: null, plan: 'weekly', signed_at: AT, amends_id: FIXTURE_ID },
      record: { id: ID, ...OWNED, client_id: CLIENT, appointment_id: FIXTURE_ID, subjective: 'better', objective: null, assessment: null, plan: 'weekly', signed_at: AT, amends_id: FIXTURE_ID },
    },
    {
      name: 'a note of INTERFACE.md (no signing or amendment)',
      schema: sessionNoteSchema,
      row: { id: ID, client_id: CLIENT, therapist_id: THERAPIST, appointment_id: FIXTURE_ID, subjective: 's', objective: 'o', assessment: 'a', plan: 'p', created_at: AT },
      record: { id: ID, therapist_id: THERAPIST, created_at: AT, updated_at: null, client_id: CLIENT, appointment_id: FIXTURE_ID, subjective: 's', objective: 'o', assessment: 'a', plan: 'p', signed_at: null, amends_id: null },
    },
    {
      name: 'an expense as our service returns it',
      schema: expenseSchema,
      row: { id: ID, ...OWNED, date: '2026-11-20', amount: 42.1, category: 'supplies', description: 'oil', vendor: 'Acme' },
      record: { id: ID, ...OWNED, date: '2026-11-20', amount: 42.1, category: 'supplies', description: 'oil', vendor: 'Acme' },
    },
    {
      name: 'an expense with only its create fields and id',
      schema: expenseSchema,
      row: { id: ID, date: '2026-11-20', amount: 42, category: 'rent' },
      record: { id: ID, ...NOT_OWNED, date: '2026-11-20', amount: 42, category: 'rent', description: null, vendor: null },
    },
    {
      name: 'a message as our service returns it',
      schema: messageSchema,
      row: { id: ID, therapist_id: THERAPIST, created_at: AT, client_id: CLIENT, role: 'assistant', message: 'See you Monday', channel: 'sms' },
      record: { id: ID, therapist_id: THERAPIST, created_at: AT, client_id: CLIENT, role: 'assistant', message: 'See you Monday', channel: 'sms' },
    },
    {
      name: 'a message without a channel',
      schema: messageSchema,
      row: { id: ID, client_id: CLIENT, role: 'client', message: 'Running late' },
      record: { id: ID, therapist_id: null, created_at: null, client_id: CLIENT, role: 'client', message: 'Running late', channel: 'chat' },
    },
  ])('$name', ({ schema, row, record }) => {
    expect(schema.parse(row)).toEqual(record);
  });

  it.each(['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'])('reads an appointment that is %s', (status) => {
    const row = { id: ID, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status };
    expect(appointmentSchema.parse(row).status).toBe(status);
  });

  it.each<{ name: string; schema: z.ZodMiniType; row: Record<string, unknown>; path: string }>([
    { name: 'a client without an id', schema: clientSchema, row: { name: 'Ann' }, path: 'id' },
    { name: 'a client without a name', schema: clientSchema, row: { id: ID }, path: 'name' },
    { name: 'a client of an unknown status', schema: clientSchema, row: { id: ID, name: 'Ann', status: 'vip' }, path: 'status' },
    { name: 'a service whose price is text', schema: serviceSchema, row: { id: ID, name: 'S', duration: 60, price: '85.00' }, path: 'price' },
    { name: 'hours on an unknown day', schema: businessHoursSchema, row: { id: ID, day_of_week: 'Monday', open_time: '09:00', close_time: '17:00' }, path: 'day_of_week' },
    { name: 'hours at 24:00', schema: businessHoursSchema, row: { id: ID, day_of_week: 'monday', open_time: '09:00', close_time: '24:00' }, path: 'close_time' },
    { name: 'an appointment without a status', schema: appointmentSchema, row: { id: ID, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT }, path: 'status' },
    { name: 'an appointment of an unknown status', schema: appointmentSchema, row: { id: ID, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'pending' }, path: 'status' },
    { name: 'an appointment on no calendar day', schema: appointmentSchema, row: { id: ID, date: '2026-02-30', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'scheduled' }, path: 'date' },
    { name: 'an appointment at 9:00', schema: appointmentSchema, row: { id: ID, date: '2026-11-23', start_time: '9:00', end_time: '10:00', client_id: CLIENT, status: 'scheduled' }, path: 'start_time' },
    { name: 'a note whose id is not a uuid', schema: sessionNoteSchema, row: { id: '42', client_id: CLIENT }, path: 'id' },
    { name: 'a note signed at no instant', schema: sessionNoteSchema, row: { id: ID, client_id: CLIENT, signed_at: 'yesterday' }, path: 'signed_at' },
    { name: 'an expense without a category', schema: expenseSchema, row: { id: ID, date: '2026-11-20', amount: 42 }, path: 'category' },
    { name: 'a message of an unknown role', schema: messageSchema, row: { id: ID, client_id: CLIENT, role: 'bot', message: 'hi' }, path: 'role' },
  ])('refuses $name', ({ schema, row, path }) => {
    const result = schema.safeParse(row);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });

  it('types absent fields as null and statuses as the enum', () => {
    expectTypeOf<Client['phone']>().toEqualTypeOf<string | null>();
    expectTypeOf<Client['total_visits']>().toEqualTypeOf<number>();
    expectTypeOf<Appointment['status']>().toEqualTypeOf<AppointmentStatus>();
    expectTypeOf<Appointment['start_time']>().toEqualTypeOf<string>();
    expectTypeOf<SessionNote['signed_at']>().toEqualTypeOf<string | null>();
  });
});

describe('create inputs', () => {
  it.each<{ name: string; schema: z.ZodMiniType; input: Record<string, unknown>; body: Record<string, unknown> }>([
    { name: 'a client by name', schema: clientCreateSchema, input: { name: ' Ann ' }, body: { name: 'Ann' } },
    {
      name: 'an imported client with its own id and history',
      schema: clientCreateSchema,
      input: { id: FIXTURE_ID, name: 'Ann', phone: '555', email: 'ann@example.com', notes: 'n', status: 'inactive', total_visits: 12 },
      body: { id: FIXTURE_ID, name: 'Ann', phone: '555', email: 'ann@example.com', notes: 'n', status: 'inactive', total_visits: 12 },
    },
    { name: 'a service', schema: serviceCreateSchema, input: { name: 'Swedish 60', duration: 60, price: 85.5 }, body: { name: 'Swedish 60', duration: 60, price: 85.5 } },
    {
      name: 'a free service of a whole day with a buffer',
      schema: serviceCreateSchema,
      input: { name: 'Retreat', duration: 1440, price: 0, description: 'd', buffer_minutes: 30, active: false },
      body: { name: 'Retreat', duration: 1440, price: 0, description: 'd', buffer_minutes: 30, active: false },
    },
    {
      name: 'business hours',
      schema: businessHoursCreateSchema,
      input: { day_of_week: 'friday', open_time: '09:00', close_time: '12:00' },
      body: { day_of_week: 'friday', open_time: '09:00', close_time: '12:00' },
    },
    {
      name: 'an appointment',
      schema: appointmentCreateSchema,
      input: { date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT },
      body: { date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT },
    },
    {
      name: 'an imported completed appointment with every field',
      schema: appointmentCreateSchema,
      input: { id: ID, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'completed', client_name: 'Ann', service_id: FIXTURE_ID, notes: 'n', price: 72.5, buffer_minutes: 10 },
      body: { id: ID, date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT, status: 'completed', client_name: 'Ann', service_id: FIXTURE_ID, notes: 'n', price: 72.5, buffer_minutes: 10 },
    },
    { name: 'a note with only a plan', schema: sessionNoteCreateSchema, input: { client_id: CLIENT, plan: 'weekly' }, body: { client_id: CLIENT, plan: 'weekly' } },
    {
      name: 'a signed amendment of a note',
      schema: sessionNoteCreateSchema,
      input: { client_id: CLIENT, appointment_id: ID, subjective: 's', objective: 'o', assessment: 'a', plan: 'p', signed_at: '2026-11-23T10:00:00Z', amends_id: FIXTURE_ID },
      body: { client_id: CLIENT, appointment_id: ID, subjective: 's', objective: 'o', assessment: 'a', plan: 'p', signed_at: '2026-11-23T10:00:00Z', amends_id: FIXTURE_ID },
    },
    {
      name: 'an expense, its category lower-cased',
      schema: expenseCreateSchema,
      input: { date: '2026-11-20', amount: 42.5, category: ' Supplies ', description: 'oil', vendor: 'Acme' },
      body: { date: '2026-11-20', amount: 42.5, category: 'supplies', description: 'oil', vendor: 'Acme' },
    },
    { name: 'an expense of a cent', schema: expenseCreateSchema, input: { date: '2026-11-20', amount: 0.01, category: 'fees' }, body: { date: '2026-11-20', amount: 0.01, category: 'fees' } },
    { name: 'a message', schema: messageCreateSchema, input: { client_id: CLIENT, role: 'therapist', message: 'See you' }, body: { client_id: CLIENT, role: 'therapist', message: 'See you' } },
    {
      name: 'a message with a channel',
      schema: messageCreateSchema,
      input: { client_id: CLIENT, role: 'client', message: 'Late', channel: 'phone' },
      body: { client_id: CLIENT, role: 'client', message: 'Late', channel: 'phone' },
    },
  ])('accepts $name', ({ schema, input, body }) => {
    expect(schema.parse(input)).toEqual(body);
  });

  const appointment = { date: '2026-11-23', start_time: '09:00', end_time: '10:00', client_id: CLIENT };
  const service = { name: 'Swedish 60', duration: 60, price: 85 };
  const expense = { date: '2026-11-20', amount: 42, category: 'supplies' };

  it.each<{ name: string; schema: z.ZodMiniType; input: Record<string, unknown>; path: string; message?: string }>([
    { name: 'a client without a name', schema: clientCreateSchema, input: {}, path: 'name' },
    { name: 'a client with a blank name', schema: clientCreateSchema, input: { name: '  ' }, path: 'name', message: 'must not be empty' },
    { name: 'a client with a bad email', schema: clientCreateSchema, input: { name: 'Ann', email: 'ann@' }, path: 'email' },
    { name: 'a client of an unknown status', schema: clientCreateSchema, input: { name: 'Ann', status: 'archived' }, path: 'status' },
    { name: 'a client with negative visits', schema: clientCreateSchema, input: { name: 'Ann', total_visits: -1 }, path: 'total_visits' },
    { name: 'a client with an unknown field', schema: clientCreateSchema, input: { name: 'Ann', nmae: 'Ann' }, path: '' },
    { name: 'a client with an id that is not a uuid', schema: clientCreateSchema, input: { id: 'abc', name: 'Ann' }, path: 'id' },
    { name: 'a service of 0 minutes', schema: serviceCreateSchema, input: { ...service, duration: 0 }, path: 'duration' },
    { name: 'a service longer than a day', schema: serviceCreateSchema, input: { ...service, duration: 1441 }, path: 'duration' },
    { name: 'a service of 1.5 minutes', schema: serviceCreateSchema, input: { ...service, duration: 1.5 }, path: 'duration' },
    { name: 'a service of a negative price', schema: serviceCreateSchema, input: { ...service, price: -1 }, path: 'price' },
    { name: 'a service priced in fractions of a cent', schema: serviceCreateSchema, input: { ...service, price: 85.555 }, path: 'price' },
    { name: 'a service with a negative buffer', schema: serviceCreateSchema, input: { ...service, buffer_minutes: -5 }, path: 'buffer_minutes' },
    { name: 'hours on an abbreviated day', schema: businessHoursCreateSchema, input: { day_of_week: 'mon', open_time: '09:00', close_time: '12:00' }, path: 'day_of_week' },
    { name: 'hours closing at opening', schema: businessHoursCreateSchema, input: { day_of_week: 'monday', open_time: '09:00', close_time: '09:00' }, path: 'close_time', message: 'close_time must be after open_time' },
    { name: 'hours closing before opening', schema: businessHoursCreateSchema, input: { day_of_week: 'monday', open_time: '17:00', close_time: '09:00' }, path: 'close_time' },
    { name: 'hours with seconds', schema: businessHoursCreateSchema, input: { day_of_week: 'monday', open_time: '09:00:00', close_time: '12:00' }, path: 'open_time' },
    { name: 'an appointment without a client', schema: appointmentCreateSchema, input: { ...appointment, client_id: undefined }, path: 'client_id' },
    { name: 'an appointment ending at its start', schema: appointmentCreateSchema, input: { ...appointment, end_time: '09:00' }, path: 'end_time', message: 'end_time must be after start_time' },
    { name: 'an appointment ending before its start', schema: appointmentCreateSchema, input: { ...appointment, end_time: '08:00' }, path: 'end_time' },
    { name: 'an appointment at 9:00', schema: appointmentCreateSchema, input: { ...appointment, start_time: '9:00' }, path: 'start_time' },
    { name: 'an appointment on no calendar day', schema: appointmentCreateSchema, input: { ...appointment, date: '2026-02-29' }, path: 'date' },
    { name: 'an appointment of an unknown status', schema: appointmentCreateSchema, input: { ...appointment, status: 'no-show' }, path: 'status' },
    { name: 'an appointment of a negative price', schema: appointmentCreateSchema, input: { ...appointment, price: -1 }, path: 'price' },
    { name: 'an appointment of a price in thirds of a cent', schema: appointmentCreateSchema, input: { ...appointment, price: 10.333 }, path: 'price' },
    { name: 'an appointment of a fractional buffer', schema: appointmentCreateSchema, input: { ...appointment, buffer_minutes: 7.5 }, path: 'buffer_minutes' },
    { name: 'an appointment of a negative buffer', schema: appointmentUpdateSchema, input: { buffer_minutes: -5 }, path: 'buffer_minutes' },
    { name: 'a note with no SOAP part', schema: sessionNoteCreateSchema, input: { client_id: CLIENT, appointment_id: ID }, path: '', message: 'a note needs at least one of subjective, objective, assessment, plan' },
    { name: 'a note with a blank plan', schema: sessionNoteCreateSchema, input: { client_id: CLIENT, plan: ' ' }, path: 'plan' },
    { name: 'an expense of 0', schema: expenseCreateSchema, input: { ...expense, amount: 0 }, path: 'amount', message: 'an expense amount must be greater than 0' },
    { name: 'a negative expense', schema: expenseCreateSchema, input: { ...expense, amount: -3 }, path: 'amount' },
    { name: 'an expense in fractions of a cent', schema: expenseCreateSchema, input: { ...expense, amount: 0.001 }, path: 'amount' },
    { name: 'an expense without a category', schema: expenseCreateSchema, input: { ...expense, category: '' }, path: 'category' },
    { name: 'a message of an unknown channel', schema: messageCreateSchema, input: { client_id: CLIENT, role: 'client', message: 'hi', channel: 'fax' }, path: 'channel' },
    { name: 'a blank message', schema: messageCreateSchema, input: { client_id: CLIENT, role: 'client', message: '' }, path: 'message' },
  ])('refuses $name', ({ schema, input, path, message }) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toContain(path);
    if (message !== undefined) expect(issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('update inputs', () => {
  it.each<{ name: string; schema: z.ZodMiniType; input: Record<string, unknown> }>([
    { name: 'a client, clearing phone, email and notes', schema: clientUpdateSchema, input: { phone: null, email: null, notes: null } },
    { name: 'a client archived', schema: clientUpdateSchema, input: { status: 'inactive' } },
    { name: 'a service retired', schema: serviceUpdateSchema, input: { active: false } },
    { name: 'a service repriced, clearing its description', schema: serviceUpdateSchema, input: { price: 90, description: null } },
    { name: 'business hours moved to another day', schema: businessHoursUpdateSchema, input: { day_of_week: 'tuesday' } },
    { name: 'business hours closing later', schema: businessHoursUpdateSchema, input: { close_time: '18:00' } },
    { name: 'an appointment rescheduled', schema: appointmentUpdateSchema, input: { date: '2026-11-24', start_time: '14:00', end_time: '15:00' } },
    { name: 'an appointment confirmed', schema: appointmentUpdateSchema, input: { status: 'confirmed' } },
    { name: 'an appointment starting later (end checked by the server)', schema: appointmentUpdateSchema, input: { start_time: '23:00' } },
    { name: 'an appointment without a service or notes', schema: appointmentUpdateSchema, input: { service_id: null, notes: null } },
    { name: 'an appointment repriced, its buffer dropped', schema: appointmentUpdateSchema, input: { price: 60, buffer_minutes: 0 } },
    { name: 'a note signed', schema: sessionNoteUpdateSchema, input: { signed_at: '2026-11-23T10:00:00.000Z' } },
    { name: 'a note with its plan cleared', schema: sessionNoteUpdateSchema, input: { plan: null, subjective: 'updated' } },
    { name: 'an expense recategorised', schema: expenseUpdateSchema, input: { category: 'equipment', vendor: null } },
  ])('accepts $name', ({ schema, input }) => {
    expect(schema.parse(input)).toEqual(input);
  });

  it.each<{ name: string; schema: z.ZodMiniType; blank: Record<string, unknown> }>([
    { name: 'client', schema: clientUpdateSchema, blank: { phone: undefined } },
    { name: 'service', schema: serviceUpdateSchema, blank: { price: undefined } },
    { name: 'business hours', schema: businessHoursUpdateSchema, blank: { open_time: undefined } },
    { name: 'appointment', schema: appointmentUpdateSchema, blank: { notes: undefined } },
    { name: 'note', schema: sessionNoteUpdateSchema, blank: { plan: undefined } },
    { name: 'expense', schema: expenseUpdateSchema, blank: { vendor: undefined } },
  ])('refuses an empty $name update, so no PATCH is sent empty', ({ schema, blank }) => {
    for (const input of [{}, blank]) {
      const result = schema.safeParse(input);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['nothing to update: name at least one field']);
    }
  });

  it.each<{ name: string; schema: z.ZodMiniType; input: Record<string, unknown>; path: string }>([
    { name: 'a client whose name is cleared', schema: clientUpdateSchema, input: { name: null }, path: 'name' },
    { name: 'a client with an unknown field', schema: clientUpdateSchema, input: { id: ID }, path: '' },
    { name: 'a service of 0 minutes', schema: serviceUpdateSchema, input: { duration: 0 }, path: 'duration' },
    { name: 'hours closing before opening', schema: businessHoursUpdateSchema, input: { open_time: '12:00', close_time: '09:00' }, path: 'close_time' },
    { name: 'an appointment ending before its start', schema: appointmentUpdateSchema, input: { start_time: '10:00', end_time: '09:30' }, path: 'end_time' },
    { name: 'an appointment whose client is cleared', schema: appointmentUpdateSchema, input: { client_id: null }, path: 'client_id' },
    { name: 'a note unsigned', schema: sessionNoteUpdateSchema, input: { signed_at: null }, path: 'signed_at' },
    { name: 'an expense of 0', schema: expenseUpdateSchema, input: { amount: 0 }, path: 'amount' },
  ])('refuses $name', ({ schema, input, path }) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});
