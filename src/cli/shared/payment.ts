// A ledger entry as the service returns it, and what the commands that write or read money share
// about it (`pay`, `package sell`, `balance`): the methods, amounts as shown, and the line that
// describes an entry in messages.
import { Option } from 'commander';
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

/** An amount as the service returns it (a JSON number, or numeric text from another backend): `85.00`. */
export const money = (value: number | string) => formatCents(amountCents(value));

/** `card 85.00 from Ann Lee` / `refund of 20.00 to Ann Lee (reverses 3f2a9c1b)`. */
export function describePayment(payment: Payment): string {
  if (payment.kind === 'payment') return `${payment.method} ${money(payment.amount)} from ${payment.client_name}`;
  return `${payment.kind} of ${money(payment.amount)} to ${payment.client_name} (reverses ${shortId(payment.reverses_id!)})`;
}

export function methodOption(description: string): Option {
  return new Option('--method <method>', description).choices(METHODS);
}
