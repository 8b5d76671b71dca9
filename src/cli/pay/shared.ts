// What every `pay` command shares about a ledger entry: the fields --json accepts, the table columns
// (the short id first, which refund and void take), and the free-text flags.
import type { Command } from 'commander';
import type { Column } from '../../core/output.js';
import { shortId } from '../../model/short-id.js';
import { money, type Payment } from '../shared/payment.js';

export const FIELDS = ['id', 'kind', 'client_id', 'client_name', 'appointment_id', 'package_id', 'reverses_id', 'amount', 'method',
  'paid_at', 'reference', 'note', 'therapist_id', 'created_at'];

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

export const NOT_FOUND_HINT = 'See `practice pay list` for ids.';

export function noteOptions(command: Command): Command {
  return command
    .option('--reference <text>', 'a receipt, transaction or cheque number')
    .option('--note <text>', 'free text');
}
