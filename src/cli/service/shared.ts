// What every `service` command shares about a service of the menu: the fields --json accepts and the
// table columns (list, add and update print a service the same way), the flags add (name, duration
// and price required) and update (any of them) take, and the body they become, checked before
// anything is sent.
import { type Command, Option } from 'commander';
import type * as z from 'zod/mini';
import type { Column } from '../../core/output.js';
import { formatAmount } from '../../model/money.js';
import type { Service } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import { InvalidInputError } from '../../model/errors.js';
import { amountOption, checkInput, countOption, parseFlag } from '../shared/input.js';
import type { UniqueValue } from '../shared/refusal.js';

export const FIELDS = ['id', 'name', 'duration', 'price', 'description', 'buffer_minutes', 'active', 'tax_rate', 'billing_code', 'therapist_id', 'created_at', 'updated_at'];

export const COLUMNS: Column<Service>[] = [
  { key: 'id', format: shortId },
  { key: 'name', format: (name, service) => (service.active === false ? `${name} (retired)` : name) },
  { key: 'duration', format: (minutes) => `${minutes} min` },
  { key: 'price', format: formatAmount },
  // A missing column (a backend that knows only INTERFACE.md) reads as no buffer, as DESIGN.md says.
  { key: 'buffer_minutes', header: 'BUFFER', format: (minutes) => (minutes ? `${minutes} min` : '') },
  { key: 'description' },
];

export interface ServiceFlags {
  name?: string;
  duration?: string;
  price?: string;
  description?: string;
  buffer?: string;
  taxRate?: string;
  billingCode?: string;
}

/** The body field each flag sets, so a refusal of the schema names the flag the user typed. */
const FLAG_OF: Record<string, string> = {
  name: '--name',
  duration: '--duration',
  price: '--price',
  description: '--description',
  buffer_minutes: '--buffer',
  tax_rate: '--tax-rate',
  billing_code: '--billing-code',
};

export function addServiceFlags(command: Command, required: boolean): Command {
  const flag = (flags: string, description: string) => (required ? new Option(flags, description).makeOptionMandatory() : new Option(flags, description));
  return command
    .addOption(flag('--name <name>', 'the name clients see, unique in the menu (any case)'))
    .addOption(flag('--duration <minutes>', 'length in minutes, 1 to 1440'))
    .addOption(flag('--price <amount>', 'price like 80 or 79.50 (0 for a free service)'))
    .option('--description <text>', 'a line about the service')
    .option('--buffer <minutes>', 'minutes kept free after it, to turn the room around')
    .option('--tax-rate <percent>', 'tax (VAT, GST) included in the price, in percent: 0 to 100, like 19 or 7.5')
    .option('--billing-code <code>', 'the code insurers know it by, like CPT 97124 (invoices print it); "" clears it');
}

/** For explainDuplicate: the name a service write sets, which no other service may have (any case). */
export function nameOf(name: string | undefined, self?: string): UniqueValue {
  return { table: 'service_menu', column: 'name', value: name, self, what: 'Service', change: 'practice service update' };
}

/** The create or update body of the flags given, checked against `schema` (records.ts). */
export function serviceBody<S extends z.ZodMiniType>(schema: S, flags: ServiceFlags, extra: object = {}): z.output<S> {
  return checkInput(schema, {
    ...extra,
    name: flags.name,
    duration: flags.duration === undefined ? undefined : countOption('--duration', flags.duration, 1),
    price: flags.price === undefined ? undefined : amountOption('--price', flags.price),
    description: flags.description,
    buffer_minutes: flags.buffer === undefined ? undefined : countOption('--buffer', flags.buffer),
    tax_rate: flags.taxRate === undefined ? undefined : parseFlag('--tax-rate', () => taxRate(flags.taxRate!)),
    billing_code: flags.billingCode === undefined ? undefined : flags.billingCode.trim() === '' ? null : flags.billingCode.trim(),
  }, FLAG_OF);
}

// A percentage as typed: digits with at most two decimals, so `19%` or `1e1` is refused, not misread.
function taxRate(text: string): number {
  const input = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(input) || Number(input) > 100) throw new InvalidInputError(`expected a percentage from 0 to 100 like 19 or 7.5; got '${text}'`);
  return Number(input);
}
