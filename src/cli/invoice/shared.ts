// What every `invoice` command shares about an issued document: the row as the service returns it,
// the fields --json offers, the table columns, and finding one by its number or id.
import type { Column } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { CommandError } from '../errors.js';
import { money } from '../shared/payment.js';
import { resolveRowId } from '../shared/resolve.js';

interface InvoiceLine {
  appointment_id: string | null;
  date: string;
  service: string;
  code: string | null;
  tax_rate: number;
  net: number;
  tax: number;
  gross: number;
}

export interface Invoice {
  id: string;
  kind: 'invoice' | 'credit';
  number: string;
  client_id: string;
  credits_id: string | null;
  issued_on: string;
  superbill: boolean;
  lines: InvoiceLine[];
  appointment_ids: string[];
  net: number;
  tax: number;
  gross: number;
  /** The practice's details at issue, by settings key (practice_name, address, tax_id, license_number, payment_instructions). */
  issuer: Record<string, string>;
  bill_to: { name?: string; email?: string | null; diagnosis_codes?: string[] };
  note: string | null;
  therapist_id: string;
  created_at: string;
}

export const FIELDS = ['id', 'kind', 'number', 'client_id', 'credits_id', 'issued_on', 'superbill', 'lines', 'appointment_ids', 'net', 'tax', 'gross',
  'issuer', 'bill_to', 'note', 'therapist_id', 'created_at'];

export const COLUMNS: Column<Invoice>[] = [
  { key: 'number' },
  { key: 'issued_on', header: 'ISSUED' },
  { key: 'bill_to', header: 'CLIENT', format: (to) => to.name ?? '' },
  { key: 'kind', format: (kind, row) => (row.superbill ? `${kind} (superbill)` : kind) },
  { key: 'lines', header: 'VISITS', format: (lines) => String(lines.length) },
  { key: 'net', format: money },
  { key: 'tax', format: money },
  { key: 'gross', format: money },
];

const NOT_FOUND_HINT = 'See `practice invoice list` for numbers.';

const NUMBER = /^(INV|CN)-\d{4}-\d{4,}$/i;

/** An invoice or credit note named by its number (INV-2026-0001) or its id or id prefix. */
export async function findInvoice(ctx: Context, text: string, what = '<invoice>'): Promise<Invoice> {
  const api = await ctx.api();
  const wanted = text.trim();
  const request = NUMBER.test(wanted)
    ? query<Invoice>().eq('number', wanted.toUpperCase())
    : query<Invoice>().eq('id', await resolveRowId(ctx, 'invoices', wanted, what));
  const [invoice] = await api.select<Invoice>('invoices', request);
  if (!invoice) throw new CommandError(`${what}: no invoice or credit note ${wanted}`, NOT_FOUND_HINT);
  return invoice;
}
