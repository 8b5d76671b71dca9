// The flags that describe a service, shared by `service add` (name, duration and price required)
// and `service update` (any of them), and the body they become, checked before anything is sent.
import { type Command, Option } from 'commander';
import type { z } from 'zod';
import { amountOption, checkInput, countOption } from '../shared/input.js';
import type { UniqueValue } from '../shared/refusal.js';

export interface ServiceFlags {
  name?: string;
  duration?: string;
  price?: string;
  description?: string;
  buffer?: string;
}

/** The body field each flag sets, so a refusal of the schema names the flag the user typed. */
const FLAG_OF: Record<string, string> = {
  name: '--name',
  duration: '--duration',
  price: '--price',
  description: '--description',
  buffer_minutes: '--buffer',
};

export function addServiceFlags(command: Command, required: boolean): Command {
  const flag = (flags: string, description: string) => (required ? new Option(flags, description).makeOptionMandatory() : new Option(flags, description));
  return command
    .addOption(flag('--name <name>', 'the name clients see, unique in the menu (any case)'))
    .addOption(flag('--duration <minutes>', 'length in minutes, 1 to 1440'))
    .addOption(flag('--price <amount>', 'price like 80 or 79.50 (0 for a free service)'))
    .option('--description <text>', 'a line about the service')
    .option('--buffer <minutes>', 'minutes kept free after it, to turn the room around');
}

/** For explainDuplicate: the name a service write sets, which no other service may have (any case). */
export function nameOf(name: string | undefined, self?: string): UniqueValue {
  return { table: 'service_menu', column: 'name', value: name, self, what: 'Service', change: 'practice service update' };
}

/** The create or update body of the flags given, checked against `schema` (records.ts). */
export function serviceBody<S extends z.ZodType>(schema: S, flags: ServiceFlags, extra: object = {}): z.output<S> {
  return checkInput(schema, {
    ...extra,
    name: flags.name,
    duration: flags.duration === undefined ? undefined : countOption('--duration', flags.duration, 1),
    price: flags.price === undefined ? undefined : amountOption('--price', flags.price),
    description: flags.description,
    buffer_minutes: flags.buffer === undefined ? undefined : countOption('--buffer', flags.buffer),
  }, FLAG_OF);
}
