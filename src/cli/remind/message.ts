// The text of a reminder: a template with {name}, {first_name}, {date}, {day}, {time} and {service}
// filled from the appointment. An unknown placeholder is refused before anything is sent.
import { dayOfWeek } from '../../model/when.js';
import { UsageError } from '../errors.js';

export const DEFAULT_TEMPLATE = 'Hi {first_name}, a reminder of your appointment on {day} {date} at {time}. Reply if you need to change it.';

export interface MessageFields {
  name: string;
  date: string;
  time: string;
  service: string | null;
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

export function renderMessage(template: string, fields: MessageFields): string {
  const day = dayOfWeek(fields.date);
  const values: Record<string, string> = {
    name: fields.name,
    first_name: fields.name.split(/\s+/)[0] ?? fields.name,
    date: fields.date,
    day: `${day.charAt(0).toUpperCase()}${day.slice(1)}`,
    time: fields.time,
    service: fields.service ?? 'appointment',
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}
