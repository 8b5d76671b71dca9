// The seven records of a practice as the service returns them, and the inputs that create and update them.
// Reads are lenient so the CLI also works with a backend that knows only INTERFACE.md; inputs are strict.
// zod and these schemas take tens of milliseconds to load, so commands import this module's types
// only, and a write loads its schemas when it checks its input (cli/shared/input.ts inputSchemas).
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-status.js';
import { CLIENT_STATUSES, CONVERSATION_CHANNELS, CONVERSATION_ROLES, SOAP_PARTS } from './record-values.js';
import { isAmount } from './money.js';
import { DAYS_OF_WEEK, parseTimeOfDay, TIME_OF_DAY } from './when.js';

/*
 * Reading: a row must carry its id, the fields required on create (DESIGN.md section 3) and, for an
 * appointment, its status. Any other field may be missing or null and reads as null, or as the default
 * DESIGN.md gives it (a service without buffer_minutes has none); unknown fields are dropped, not refused.
 */

// PostgreSQL's uuid type takes any 8-4-4-4-12 hex; z.uuid() would refuse ids that are not RFC 9562
// versions, such as the 00000000-0000-0000-0000-000000000001 a script or fixture may send.
const id = z.guid();
const date = z.iso.date();
const timestamp = z.iso.datetime({ offset: true });
const minutes = z.number().int().min(0).max(24 * 60);
const money = z.number().refine(isAmount, 'expected an amount of at most two decimals, not negative');
const time = z.string().regex(TIME_OF_DAY, 'expected a time as HH:MM');
// Our service returns HH:MM; PostgreSQL's own text for a time column (a hosted project) is HH:MM:SS.
const returnedTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/, 'expected a time as HH:MM')
  .transform(parseTimeOfDay);
const text = z.string().trim().min(1, 'must not be empty');

/** A field a backend may lack or leave empty; both read as null. */
function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

const rowBase = {
  id,
  therapist_id: orNull(id),
  created_at: orNull(timestamp),
  updated_at: orNull(timestamp),
};

// An update names at least one field, so a PATCH is never sent empty.
function nonEmpty(update: Record<string, unknown>): boolean {
  return Object.values(update).some((value) => value !== undefined);
}
const nothingToUpdate = { message: 'nothing to update: name at least one field' };

// Compared as text, which orders zero-padded HH:MM correctly.
function endsAfterStart(start: string | undefined, end: string | undefined): boolean {
  return start === undefined || end === undefined || end > start;
}

// clients

export const clientSchema = z.object({
  ...rowBase,
  name: z.string(),
  phone: orNull(z.string()),
  email: orNull(z.string()),
  notes: orNull(z.string()),
  status: z.enum(CLIENT_STATUSES).default('active'),
  total_visits: z.number().int().default(0),
});

export const clientCreateSchema = z.strictObject({
  id: id.optional(),
  name: text,
  phone: text.optional(),
  email: z.email().optional(),
  notes: text.optional(),
  status: z.enum(CLIENT_STATUSES).optional(),
  // Imports carry a client's history; afterwards the service counts completed visits itself.
  total_visits: z.number().int().min(0).optional(),
});

export const clientUpdateSchema = z
  .strictObject({
    name: text.optional(),
    phone: text.nullable().optional(),
    email: z.email().nullable().optional(),
    notes: text.nullable().optional(),
    status: z.enum(CLIENT_STATUSES).optional(),
    total_visits: z.number().int().min(0).optional(),
  })
  .refine(nonEmpty, nothingToUpdate);

// service_menu

export const serviceSchema = z.object({
  ...rowBase,
  name: z.string(),
  duration: z.number().int(),
  price: z.number(),
  description: orNull(z.string()),
  buffer_minutes: z.number().int().default(0),
  active: z.boolean().default(true),
});

export const serviceCreateSchema = z.strictObject({
  id: id.optional(),
  name: text,
  duration: minutes.min(1),
  price: money,
  description: text.optional(),
  buffer_minutes: minutes.optional(),
  active: z.boolean().optional(),
});

export const serviceUpdateSchema = z
  .strictObject({
    name: text.optional(),
    duration: minutes.min(1).optional(),
    price: money.optional(),
    description: text.nullable().optional(),
    buffer_minutes: minutes.optional(),
    active: z.boolean().optional(),
  })
  .refine(nonEmpty, nothingToUpdate);

// business_hours

export const businessHoursSchema = z.object({
  ...rowBase,
  day_of_week: z.enum(DAYS_OF_WEEK),
  open_time: returnedTime,
  close_time: returnedTime,
});

const closesAfterOpening = {
  message: 'close_time must be after open_time',
  path: ['close_time'],
};

export const businessHoursCreateSchema = z
  .strictObject({
    id: id.optional(),
    day_of_week: z.enum(DAYS_OF_WEEK),
    open_time: time,
    close_time: time,
  })
  .refine((hours) => endsAfterStart(hours.open_time, hours.close_time), closesAfterOpening);

export const businessHoursUpdateSchema = z
  .strictObject({
    day_of_week: z.enum(DAYS_OF_WEEK).optional(),
    open_time: time.optional(),
    close_time: time.optional(),
  })
  .refine(nonEmpty, nothingToUpdate)
  .refine((hours) => endsAfterStart(hours.open_time, hours.close_time), closesAfterOpening);

// appointments

export const appointmentSchema = z.object({
  ...rowBase,
  date,
  start_time: returnedTime,
  end_time: returnedTime,
  client_id: id,
  status: z.enum(APPOINTMENT_STATUSES),
  client_name: orNull(z.string()),
  service_id: orNull(id),
  notes: orNull(z.string()),
  // Kept at booking (copied from the service when omitted); a backend without them has neither.
  price: orNull(z.number()),
  buffer_minutes: z.number().int().default(0),
  // The recurring series it was booked in, with the series' RFC 5545 rule; null for a single booking.
  series_id: orNull(id),
  recurrence: orNull(z.string()),
});

const endsAfterStarting = {
  message: 'end_time must be after start_time',
  path: ['end_time'],
};

export const appointmentCreateSchema = z
  .strictObject({
    id: id.optional(),
    date,
    start_time: time,
    end_time: time,
    client_id: id,
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    client_name: text.optional(),
    service_id: id.optional(),
    notes: text.optional(),
    price: money.optional(),
    buffer_minutes: minutes.optional(),
    series_id: id.optional(),
    recurrence: text.optional(),
  })
  .refine((appointment) => endsAfterStart(appointment.start_time, appointment.end_time), endsAfterStarting);

export const appointmentUpdateSchema = z
  .strictObject({
    date: date.optional(),
    start_time: time.optional(),
    end_time: time.optional(),
    client_id: id.optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    client_name: text.optional(),
    service_id: id.nullable().optional(),
    notes: text.nullable().optional(),
    price: money.optional(),
    buffer_minutes: minutes.optional(),
  })
  .refine(nonEmpty, nothingToUpdate)
  .refine((appointment) => endsAfterStart(appointment.start_time, appointment.end_time), endsAfterStarting);

// sessions (SOAP notes)

export const sessionNoteSchema = z.object({
  ...rowBase,
  client_id: id,
  appointment_id: orNull(id),
  subjective: orNull(z.string()),
  objective: orNull(z.string()),
  assessment: orNull(z.string()),
  plan: orNull(z.string()),
  signed_at: orNull(timestamp),
  amends_id: orNull(id),
});

export const sessionNoteCreateSchema = z
  .strictObject({
    id: id.optional(),
    client_id: id,
    appointment_id: id.optional(),
    subjective: text.optional(),
    objective: text.optional(),
    assessment: text.optional(),
    plan: text.optional(),
    signed_at: timestamp.optional(),
    amends_id: id.optional(),
  })
  .refine((note) => SOAP_PARTS.some((part) => note[part] !== undefined), {
    message: 'a note needs at least one of subjective, objective, assessment, plan',
  });

// Only an unsigned note changes; signing is the update that sets signed_at.
export const sessionNoteUpdateSchema = z
  .strictObject({
    appointment_id: id.nullable().optional(),
    subjective: text.nullable().optional(),
    objective: text.nullable().optional(),
    assessment: text.nullable().optional(),
    plan: text.nullable().optional(),
    signed_at: timestamp.optional(),
  })
  .refine(nonEmpty, nothingToUpdate);

// expenses

export const expenseSchema = z.object({
  ...rowBase,
  date,
  amount: z.number(),
  category: z.string(),
  description: orNull(z.string()),
  vendor: orNull(z.string()),
});

// The service keeps categories lower case; `--category Supplies` means supplies.
const category = text.toLowerCase();
const expenseAmount = money.refine((amount) => amount > 0, 'an expense amount must be greater than 0');

export const expenseCreateSchema = z.strictObject({
  id: id.optional(),
  date,
  amount: expenseAmount,
  category,
  description: text.optional(),
  vendor: text.optional(),
});

export const expenseUpdateSchema = z
  .strictObject({
    date: date.optional(),
    amount: expenseAmount.optional(),
    category: category.optional(),
    description: text.nullable().optional(),
    vendor: text.nullable().optional(),
  })
  .refine(nonEmpty, nothingToUpdate);

// conversation_log: append-only, so there is no update input.

export const messageSchema = z.object({
  id,
  therapist_id: orNull(id),
  created_at: orNull(timestamp),
  client_id: id,
  role: z.enum(CONVERSATION_ROLES),
  message: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS).default('chat'),
});

export const messageCreateSchema = z.strictObject({
  id: id.optional(),
  client_id: id,
  role: z.enum(CONVERSATION_ROLES),
  message: text,
  channel: z.enum(CONVERSATION_CHANNELS).optional(),
});

export type Client = z.output<typeof clientSchema>;
export type ClientCreate = z.output<typeof clientCreateSchema>;
export type Service = z.output<typeof serviceSchema>;
export type BusinessHours = z.output<typeof businessHoursSchema>;
export type BusinessHoursCreate = z.output<typeof businessHoursCreateSchema>;
export type Appointment = z.output<typeof appointmentSchema>;
export type AppointmentCreate = z.output<typeof appointmentCreateSchema>;
export type SessionNote = z.output<typeof sessionNoteSchema>;
export type Expense = z.output<typeof expenseSchema>;
export type Message = z.output<typeof messageSchema>;
