// How notes print: the fields `--json` offers, the list columns, and the one-line summary that
// `note list` and `client show` give of a note (its first written part).
import type { Column } from '../../core/output.js';
import type { SessionNote } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';

export const NOTE_FIELDS = ['id', 'client_id', 'appointment_id', 'subjective', 'objective', 'assessment', 'plan', 'signed_at', 'amends_id', 'therapist_id', 'created_at', 'updated_at'];

export const SOAP_PARTS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type SoapPart = (typeof SOAP_PARTS)[number];

/** `S: first line of the subjective`, or of the first part that has text. */
export function noteSummary(note: Partial<Record<SoapPart, string | null>>): string {
  const part = SOAP_PARTS.find((name) => note[name]?.trim());
  return part ? `${part[0]!.toUpperCase()}: ${note[part]!.trim().split('\n')[0]}` : '';
}

/** The day a timestamp falls on, as stored (UTC). */
export const dayOf = (timestamp: string | null) => timestamp?.slice(0, 10) ?? '';

export const NOTE_COLUMNS: Column<SessionNote>[] = [
  { key: 'id', format: shortId },
  { key: 'created_at', header: 'WRITTEN', format: dayOf },
  { key: 'signed_at', header: 'SIGNED', format: dayOf },
  { key: 'amends_id', header: 'AMENDS', format: (id) => (id ? shortId(id) : '') },
  { key: 'subjective', header: 'SUMMARY', format: (_, note) => noteSummary(note) },
];
