// What every `pay` command shares about a ledger entry: its shape as the service returns it, the
// fields --json accepts, the table columns (the short id first, which refund and void take), the
// methods, and the one line that describes an entry in messages.
import { type Command, Option } from 'commander';
import type { Column } from '../../core/output.js';
import { amountCents, formatCents } from '../../model/money.js';
import { shortId } from '../../model/short-id.js';

export const METHODS = ['cash', 'card', 'transfer', 'insurance', 'package', 'voucher', 'other'] as const;
export type Method = (typeof METHODS)[number];

export interface Payment {
  id: string;
  kind: 'payment' | 'refund' | 'void';
  client_id: string;
  /** Not a column: the commands add it, so a person and a script see who without another lookup. */
  client_name?: string;
  appointment_id: string | null;
  package_id: string | null;
  reverses_id: string | null;
  amount: number;
  method: Method;
  paid_at: string;
  reference: string | null;
  note: string | null;
  therapist_id: string;
  created_at: string;
}

export const FIELDS = ['id', 'kind', 'client_id', 'client_name', 'appointment_id', 'package_id', 'reverses_id', 'amount', 'method',
  'paid_at', 'reference', 'note', 'therapist_id', 'created_at'];

/** An amount as the service returns it (a JSON number, or numeric text from another backend): `85.00`. */
export const money = (value: number | string) => formatCents(amountCents(value));

const shortOrEmpty = (id: string | null) => (id ? shortId(id) : '');

export const COLUMNS: Column<Payment>[] = [
  { key: 'id', format: shortId },
  { key: 'paid_at', header: 'PAID AT', format: (at) => at.slice(0, 16).replace('T', ' ') },
  { key: 'client_name', header: 'CLIENT', format: (name) => name ?? '' },
  { key: 'kind' },
  // A refund or void takes money back: shown negative, as it counts.
  { key: 'amount', format: (amount, row) => (row.kind === 'payment' ? money(amount) : `-${money(amount)}`) },
  { key: 'method' },
  { key: 'reverses_id', header: 'REVERSES', format: shortOrEmpty },
  { key: 'appointment_id', header: 'VISIT', format: shortOrEmpty },
  { key: 'reference' },
];

/** `card 85.00 from Ann Lee` / `refund of 20.00 to Ann Lee`. */
export function describePayment(payment: Payment): string {
  if (payment.kind === 'payment') return `${payment.method} ${money(payment.amount)} from ${payment.client_name}`;
  return `${payment.kind} of ${money(payment.amount)} to ${payment.client_name} (reverses ${shortId(payment.reverses_id!)})`;
}

export const NOT_FOUND_HINT = 'See `practice pay list` for ids.';

export function methodOption(description: string): Option {
  return new Option('--method <method>', description).choices(METHODS);
}

export function noteOptions(command: Command): Command {
  return command
    .option('--reference <text>', 'a receipt, transaction or cheque number')
    .option('--note <text>', 'free text');
}
