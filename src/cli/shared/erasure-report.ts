// What `client erase` tells: what went, and each kind of record the retention periods keep, with
// until when and why (rpc/erase_client's answer, migrations 19 and 22).
import { counted } from '../../core/counted.js';
import { alignColumns } from '../../core/display-width.js';

interface Kept {
  records: 'notes' | 'appointments' | 'payments' | 'packages' | 'invoices';
  count: number;
  until: string;
  basis: 'clinical' | 'financial';
}

export interface ErasureReport {
  client_id: string;
  name: string;
  erased_at: string;
  removed: {
    name_and_contact: boolean; messages: number; reminders: number; appointments_cleared: number; appointments_cancelled: number;
    /** Waiting requests from the booking page, declined (migration 26; absent from an older database). */
    requests_declined?: number;
  };
  kept: Kept[];
  periods: { clinical_years: number; financial_years: number };
}

const BASIS = {
  clinical: (years: number) => `clinical records, kept ${counted(years, 'year')} after the last visit`,
  financial: (years: number) => `financial records, kept ${counted(years, 'year')} after the last payment, sale or invoice`,
};

/**
 * The lines after "Erased ...": removed, then kept (each due now or not), or that nothing is kept.
 * A client erased before had nothing of their name and contact left (migration 27 answers so).
 */
export function erasureLines(report: ErasureReport, today: string): string[] {
  const { removed, kept, periods } = report;
  const gone = [
    ...(removed.name_and_contact ? ['name, phone, email and notes about the client'] : []),
    ...(removed.messages > 0 ? [counted(removed.messages, 'message')] : []),
    ...(removed.reminders > 0 ? [counted(removed.reminders, 'reminder')] : []),
    ...(removed.appointments_cleared > 0 ? [`the name and notes on ${counted(removed.appointments_cleared, 'appointment')}`] : []),
    ...(removed.appointments_cancelled > 0 ? [`${counted(removed.appointments_cancelled, 'booking')} to come (cancelled)`] : []),
    ...((removed.requests_declined ?? 0) > 0 ? [`${counted(removed.requests_declined!, 'waiting request')} (declined)`] : []),
  ];
  const keptLines = alignColumns(kept.map((k) => [
    k.records, String(k.count), `until ${k.until}`,
    `${BASIS[k.basis](k.basis === 'clinical' ? periods.clinical_years : periods.financial_years)}${k.until < today ? '; due now: `practice retention purge`' : ''}`,
  ])).map((line) => `  ${line}`);
  return [
    gone.length === 0 ? 'Removed: nothing more.' : `Removed: ${gone.join('; ')}.`,
    ...(kept.length === 0 ? ['Kept: nothing.'] : ['Kept, as the retention periods require (GDPR Art. 17(3)):', ...keptLines]),
    'The erasure and what it kept are recorded in the audit trail.',
  ];
}
