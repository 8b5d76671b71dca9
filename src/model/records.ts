// The seven records of a practice as the service returns them, and the inputs that create and update them.
// Reads are lenient so the CLI also works with a backend that knows only INTERFACE.md; inputs are strict.
// zod/mini, not zod's chained API: bundled with only the checks used here, it loads in a few ms
// where all of zod takes ~100 (its locales alone ~60). Even so, commands import this module's types
// only, and a write loads it when it checks its input (cli/shared/input.ts inputSchemas).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { APPOINTMENT_STATUSES } from './appointment-status.js';
import { CLIENT_STATUSES, CONVERSATION_CHANNELS, CONVERSATION_ROLES, SOAP_PARTS } from './record-values.js';
import { isAmount, LARGEST_AMOUNT } from './money.js';
import { DAYS_OF_WEEK, parseTimeOfDay, TIME_OF_DAY } from './when.js';

/*
 * Reading: a row must carry its id, the fields required on create (DESIGN.md section 3) and, for an
 * appointment, its status. Any other field may be missing or null and reads as null, or as the default
 * DESIGN.md gives it (a service without buffer_minutes has none); unknown fields are dropped, not refused.
 */

// zod/mini leaves its messages to a locale: English, as the rest of the CLI speaks.
z.config(en());

// PostgreSQL's uuid type takes any 8-4-4-4-12 hex; z.uuid() would refuse ids that are not RFC 9562
// versions, such as the 00000000-0000-0000-0000-000000000001 a script or fixture may send.
const id = z.guid();
const date = z.iso.date();
const timestamp = z.iso.datetime({ offset: true });
const minutes = z.int().check(z.minimum(0), z.maximum(24 * 60));
const money = z.number().check(z.refine(isAmount, `expected an amount of at most two decimals, not negative, at most ${LARGEST_AMOUNT}`));
const time = z.string().check(z.regex(TIME_OF_DAY, 'expected a time as HH:MM'));
// Our service returns HH:MM; PostgreSQL's own text for a time column (a hosted project) is HH:MM:SS.
const returnedTime = z.pipe(
  z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/, 'expected a time as HH:MM')),
  z.transform(parseTimeOfDay),
);
const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const optional = z.optional;
/** A field an update may set, or clear with null. */
const clearable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** A field a backend may lack or leave empty; both read as null. */
function orNull<T extends z.ZodMiniType>(schema: T) {
  return z._default(z.nullable(schema), null);
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
const nothingToUpdate = z.refine<Record<string, unknown>>(nonEmpty, { message: 'nothing to update: name at least one field' });

// Compared as text, which orders zero-padded HH:MM correctly.
function endsAfterStart(start: string | undefined, end: string | undefined): boolean {
  return start === undefined || end === undefined || end > start;
}

// What invoices print (migration 17): a service's tax rate in percent and billing code, a client's
// ICD-10 diagnosis codes; the same shapes the database's checks hold.
const taxRate = z.number().check(z.refine((rate: number) => Number.isFinite(rate) && rate >= 0 && rate <= 100 && /^\d+(\.\d{1,2})?$/.test(String(rate)), 'expected a percentage from 0 to 100 with at most two decimals'));
const billingCode = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/, 'expected a code like 97124: letters, digits, point or hyphen, up to 20'));
const ICD10_CODE = /^[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?$/;
const diagnosisCodes = z.array(z.string().check(z.regex(ICD10_CODE, 'expected ICD-10 codes like M54.5 or G44.2'))).check(z.maxLength(12, 'at most 12 codes'));

// clients

export const clientSchema = z.object({
  ...rowBase,
  name: z.string(),
  phone: orNull(z.string()),
  email: orNull(z.string()),
  notes: orNull(z.string()),
  status: z._default(z.enum(CLIENT_STATUSES), 'active'),
  total_visits: z._default(z.int(), 0),
});

export const clientCreateSchema = z.strictObject({
  id: optional(id),
  name: text,
  phone: optional(text),
  email: optional(z.email()),
  notes: optional(text),
  status: optional(z.enum(CLIENT_STATUSES)),
  // Imports carry a client's history; afterwards the service counts completed visits itself.
  total_visits: optional(z.int().check(z.minimum(0))),
  diagnosis_codes: optional(diagnosisCodes),
});

export const clientUpdateSchema = z
  .strictObject({
    name: optional(text),
    phone: clearable(text),
    email: clearable(z.email()),
    notes: clearable(text),
    status: optional(z.enum(CLIENT_STATUSES)),
    total_visits: optional(z.int().check(z.minimum(0))),
    diagnosis_codes: optional(diagnosisCodes),
  })
  .check(nothingToUpdate);

// service_menu

export const serviceSchema = z.object({
  ...rowBase,
  name: z.string(),
  duration: z.int(),
  price: z.number(),
  description: orNull(z.string()),
  buffer_minutes: z._default(z.int(), 0),
  active: z._default(z.boolean(), true),
});

const serviceMinutes = minutes.check(z.minimum(1));

export const serviceCreateSchema = z.strictObject({
  id: optional(id),
  name: text,
  duration: serviceMinutes,
  price: money,
  description: optional(text),
  buffer_minutes: optional(minutes),
  active: optional(z.boolean()),
  tax_rate: optional(taxRate),
  billing_code: optional(billingCode),
});

export const serviceUpdateSchema = z
  .strictObject({
    name: optional(text),
    duration: optional(serviceMinutes),
    price: optional(money),
    description: clearable(text),
    buffer_minutes: optional(minutes),
    active: optional(z.boolean()),
    tax_rate: optional(taxRate),
    billing_code: clearable(billingCode),
  })
  .check(nothingToUpdate);

// business_hours

export const businessHoursSchema = z.object({
  ...rowBase,
  day_of_week: z.enum(DAYS_OF_WEEK),
  open_time: returnedTime,
  close_time: returnedTime,
});

const closesAfterOpening = z.refine<{ open_time?: string; close_time?: string }>((hours) => endsAfterStart(hours.open_time, hours.close_time), {
  message: 'close_time must be after open_time',
  path: ['close_time'],
});

export const businessHoursCreateSchema = z
  .strictObject({
    id: optional(id),
    day_of_week: z.enum(DAYS_OF_WEEK),
    open_time: time,
    close_time: time,
  })
  .check(closesAfterOpening);

export const businessHoursUpdateSchema = z
  .strictObject({
    day_of_week: optional(z.enum(DAYS_OF_WEEK)),
    open_time: optional(time),
    close_time: optional(time),
  })
  .check(nothingToUpdate, closesAfterOpening);

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
  buffer_minutes: z._default(z.int(), 0),
  // The recurring series it was booked in, with the series' RFC 5545 rule; null for a single booking.
  series_id: orNull(id),
  recurrence: orNull(z.string()),
});

const endsAfterStarting = z.refine<{ start_time?: string; end_time?: string }>((appointment) => endsAfterStart(appointment.start_time, appointment.end_time), {
  message: 'end_time must be after start_time',
  path: ['end_time'],
});

export const appointmentCreateSchema = z
  .strictObject({
    id: optional(id),
    date,
    start_time: time,
    end_time: time,
    client_id: id,
    status: optional(z.enum(APPOINTMENT_STATUSES)),
    client_name: optional(text),
    service_id: optional(id),
    notes: optional(text),
    price: optional(money),
    buffer_minutes: optional(minutes),
    series_id: optional(id),
    recurrence: optional(text),
  })
  .check(endsAfterStarting);

export const appointmentUpdateSchema = z
  .strictObject({
    date: optional(date),
    start_time: optional(time),
    end_time: optional(time),
    client_id: optional(id),
    status: optional(z.enum(APPOINTMENT_STATUSES)),
    client_name: optional(text),
    service_id: clearable(id),
    notes: clearable(text),
    price: optional(money),
    buffer_minutes: optional(minutes),
  })
  .check(nothingToUpdate, endsAfterStarting);

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
    id: optional(id),
    client_id: id,
    appointment_id: optional(id),
    subjective: optional(text),
    objective: optional(text),
    assessment: optional(text),
    plan: optional(text),
    signed_at: optional(timestamp),
    amends_id: optional(id),
  })
  .check(z.refine<Partial<Record<(typeof SOAP_PARTS)[number], string>>>((note) => SOAP_PARTS.some((part) => note[part] !== undefined), {
    message: 'a note needs at least one of subjective, objective, assessment, plan',
  }));

/** The SOAP parts as JSON on stdin: each a text, or null for a part left empty. */
export const soapPartsSchema = z.strictObject(Object.fromEntries(SOAP_PARTS.map((part) => [part, z.optional(z.nullable(z.string()))])));

// Only an unsigned note changes; signing is the update that sets signed_at.
export const sessionNoteUpdateSchema = z
  .strictObject({
    appointment_id: clearable(id),
    subjective: clearable(text),
    objective: clearable(text),
    assessment: clearable(text),
    plan: clearable(text),
    signed_at: optional(timestamp),
  })
  .check(nothingToUpdate);

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
const category = text.check(z.toLowerCase());
const expenseAmount = money.check(z.refine((amount: number) => amount > 0, 'an expense amount must be greater than 0'));

export const expenseCreateSchema = z.strictObject({
  id: optional(id),
  date,
  amount: expenseAmount,
  category,
  description: optional(text),
  vendor: optional(text),
});

export const expenseUpdateSchema = z
  .strictObject({
    date: optional(date),
    amount: optional(expenseAmount),
    category: optional(category),
    description: clearable(text),
    vendor: clearable(text),
  })
  .check(nothingToUpdate);

// conversation_log: append-only, so there is no update input.

export const messageSchema = z.object({
  id,
  therapist_id: orNull(id),
  created_at: orNull(timestamp),
  client_id: id,
  role: z.enum(CONVERSATION_ROLES),
  message: z.string(),
  channel: z._default(z.enum(CONVERSATION_CHANNELS), 'chat'),
});

export const messageCreateSchema = z.strictObject({
  id: optional(id),
  client_id: id,
  role: z.enum(CONVERSATION_ROLES),
  message: text,
  channel: optional(z.enum(CONVERSATION_CHANNELS)),
});

/** A message as typed, before its client is looked up: `msg add` checks the text first. */
export const messageTextSchema = z.omit(messageCreateSchema, { client_id: true });

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
