// `appt complete ID --paid card`: the visit completed and its price recorded as a payment in one
// transaction (rpc/complete_paid_visit, migration 18), or neither. The database decides what is
// owed: nothing when a package covers the visit or it has no price, else its price less what
// payments naming it already paid.
import { Option } from 'commander';
import { query } from '../../core/query-builder.js';
import type { Appointment } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { ApiError } from '../../core/api-error.js';
import { type Method, METHODS, money } from './payment.js';

/** The schema version that added complete_paid_visit (src/server/db/migrations/0018-money-answers.ts). */
const PAID_VISIT_SCHEMA_VERSION = 18;

interface PaidVisit {
  appointment_id: string;
  payment_id: string | null;
  amount: number | string;
  package_id: string | null;
  paid_before: number | string;
}

export interface PaidOptions {
  paid?: Method;
}

export function paidOption(): Option {
  return new Option('--paid <method>', 'also record the visit\'s price as paid this way, in the same step (nothing when a package covers it)').choices(METHODS);
}

/** --paid names one visit: refused (exit 2) with several ids or --all-unresolved, before anything is read. */
export function checkPaidTargets(ids: string | string[], options: PaidOptions & { allUnresolved?: boolean }): void {
  const many = typeof ids !== 'string' && (ids.length !== 1 || options.allUnresolved);
  if (options.paid !== undefined && many) throw new UsageError('--paid: takes one appointment.', 'Complete the others without --paid, then record their payments with `practice pay add`.');
}

/** An already completed visit is refused (exit 1, nothing changed): its payment is recorded on its own. */
export function checkNotCompleted(current: Appointment): void {
  if (current.status === 'completed') {
    throw new CommandError(`Appointment ${shortId(current.id)} is already completed; nothing changed.`,
      // Run twice by a tired hand, the first run already recorded the payment: look before paying again.
      `See what was paid with \`practice pay list --client ${shortId(current.client_id)}\`; if it is not there, record it with \`practice pay add --client ${shortId(current.client_id)} --amount <amount> --method <method> --appointment ${shortId(current.id)}\`.`);
  }
}

/** Completes `visit` and records what it owes as paid by `method`; the visit as stored now, and a line saying what was paid. */
export async function completePaidVisit(ctx: Context, visit: Appointment, method: Method): Promise<{ visit: Appointment; outcome: string }> {
  const api = await ctx.api();
  const body = { visit_id: visit.id, method, paid_at: ctx.now().toISOString() };
  // A write: never retried by the transport (a second call is refused as already completed anyway).
  const response = await api.request({ method: 'POST', path: '/rest/v1/rpc/complete_paid_visit', body, idempotent: false }).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'PGRST202') {
      throw new CommandError(`The service cannot complete a visit with its payment in one step: its database lacks schema version ${PAID_VISIT_SCHEMA_VERSION}; nothing changed.`,
        'Apply the schema with `practice server schema`, or complete the visit and then record the payment with `practice pay add`.');
    }
    throw err;
  });
  const [paid] = response.json<PaidVisit[]>();
  const [stored] = await api.select<Appointment>('appointments', query<Appointment>().eq('id', visit.id));
  return { visit: stored ?? { ...visit, status: 'completed' }, outcome: outcome(paid!, method) };
}

function outcome(paid: PaidVisit, method: Method): string {
  if (paid.payment_id !== null) {
    const before = money(paid.paid_before) === '0.00' ? '' : ` (${money(paid.paid_before)} was paid before)`;
    return `Paid ${money(paid.amount)} by ${method}${before}: payment ${shortId(paid.payment_id)}.`;
  }
  if (paid.package_id !== null) return `Covered by package ${shortId(paid.package_id)}: no payment needed.`;
  if (money(paid.paid_before) !== '0.00') return `Already paid ${money(paid.paid_before)}: no payment needed.`;
  return 'No price kept on this visit: no payment needed.';
}
