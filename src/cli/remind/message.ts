// The text of a reminder: a template with {name}, {first_name}, {date}, {day}, {time} and {service}
// filled from the appointment. An unknown placeholder is refused before anything is sent. A notice of
// a change or a cancellation has its own text, naming the time the client was told before.
import { dayOfWeek } from '../../model/when.js';
import { UsageError } from '../errors.js';
import type { ReminderKind } from '../shared/reminder-row.js';

export const DEFAULT_TEMPLATE = 'Hi {first_name}, a reminder of your appointment on {day} {date} at {time}. Reply if you need to change it.';

// The notices: a visit moved from the time the client was told, booked again after a cancellation
// notice, or cancelled.
const CHANGED = 'Hi {first_name}, your appointment on {previous_day} {previous_date} at {previous_time} has moved to {day} {date} at {time}. Reply if that does not suit you.';
const BOOKED_AGAIN = 'Hi {first_name}, your appointment is booked again for {day} {date} at {time}. Reply if that does not suit you.';
const CANCELLED = 'Hi {first_name}, your appointment on {day} {date} at {time} is cancelled. Reply to book another time.';
// A request from the booking page: received, then accepted or declined.
const REQUESTED = 'Hi {first_name}, we have your request for {day} {date} at {time}; you will hear from us once it is confirmed.';
const ACCEPTED = 'Hi {first_name}, your appointment on {day} {date} at {time} is confirmed. See you then!';
const DECLINED = 'Hi {first_name}, sorry: we cannot see you on {day} {date} at {time}. Please choose another time.';

export interface MessageFields {
  name: string;
  date: string;
  time: string;
  service: string | null;
  /** For a change notice, the time the client was told before. */
  previous?: { date: string; time: string } | null;
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;
const KNOWN = new Set(['name', 'first_name', 'date', 'day', 'time', 'service']);

/** Refuses a template with an unknown placeholder or no text, naming the flag. */
export function checkTemplate(template: string): string {
  if (template.trim() === '') throw new UsageError('--template: the message must not be empty');
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(name!)) throw new UsageError(`--template: unknown placeholder {${name}}; use {name}, {first_name}, {date}, {day}, {time} or {service}`);
  }
  return template;
}

/**
 * The name a greeting uses: the first word with a letter in it, without the symbols around it, so
 * "🌸 Blossom Kim" is greeted "Blossom" and "Dr. Ann Lee" "Dr"; a name without letters is used whole.
 */
export function firstName(name: string): string {
  const word = name.trim().split(/\s+/).find((part) => /\p{L}/u.test(part));
  return word?.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, '') ?? name.trim();
}

const dayName = (date: string) => {
  const day = dayOfWeek(date);
  return `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
};

export function renderMessage(template: string, fields: MessageFields): string {
  const values: Record<string, string> = {
    name: fields.name,
    first_name: firstName(fields.name),
    date: fields.date,
    day: dayName(fields.date),
    time: fields.time,
    service: fields.service ?? 'appointment',
    previous_date: fields.previous?.date ?? '',
    previous_day: fields.previous ? dayName(fields.previous.date) : '',
    previous_time: fields.previous?.time ?? '',
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}

/** The text of a message of `kind`: the reminder's template, or a notice's own. */
export function templateOf(kind: ReminderKind, reminderTemplate: string, previous: MessageFields['previous']): string {
  if (kind === 'reminder') return reminderTemplate;
  if (kind === 'cancelled') return CANCELLED;
  if (kind === 'requested') return REQUESTED;
  if (kind === 'accepted') return ACCEPTED;
  if (kind === 'declined') return DECLINED;
  return previous ? CHANGED : BOOKED_AGAIN;
}
