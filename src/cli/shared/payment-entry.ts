// Writing one ledger entry, as `pay add`, `pay refund|void` and `package sell` do: POST payments with
// a client-chosen id (a retried request cannot record it twice), returned with the client's name.
// The flags every entry may carry are checked here, before anything is sent.
import { instantAt } from '../../model/time-zone.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dayOption, practiceTimeZone } from './input.js';
import type { Payment } from './payment.js';

export interface EntryFlags {
  date?: string;
  reference?: string;
  note?: string;
}

const LIMITS = { '--reference': 200, '--note': 500 } as const;

/** Free text of a flag as the table holds it: not blank, not too long; undefined when not given. */
export function textOption(flag: keyof typeof LIMITS, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') throw UsageError.about(flag, () => 'must not be empty; leave it out instead');
  if (trimmed.length > LIMITS[flag]) throw UsageError.about(flag, () => `at most ${LIMITS[flag]} characters; got ${trimmed.length}`);
  return trimmed;
}

/**
 * When the money moved: now, or with --date a past day at noon in the practice's time zone (a day
 * is what a person remembers; noon keeps it on that day in every zone's UTC rendering).
 */
async function paidAt(ctx: Context, date: string | undefined): Promise<string> {
  if (date === undefined) return ctx.now().toISOString();
  const day = await dayOption(ctx, '--date', date);
  const today = await dayOption(ctx, '--date', 'today');
  if (day > today) throw new UsageError(`--date: ${day} is in the future; a payment is recorded when it is made`);
  return day === today ? ctx.now().toISOString() : instantAt(day, '12:00', await practiceTimeZone(ctx)).toISOString();
}

/** The checked fields of the flags every entry may carry. */
export async function entryFields(ctx: Context, flags: EntryFlags): Promise<Pick<Payment, 'paid_at'> & Partial<Pick<Payment, 'reference' | 'note'>>> {
  return {
    paid_at: await paidAt(ctx, flags.date),
    reference: textOption('--reference', flags.reference),
    note: textOption('--note', flags.note),
  };
}

export async function recordPayment(ctx: Context, body: Partial<Payment>, clientName: string): Promise<Payment> {
  const [payment] = await (await ctx.api()).insert<Payment>('payments', { id: crypto.randomUUID(), ...body });
  return { ...payment!, client_name: clientName };
}
