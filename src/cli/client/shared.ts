// What every client command shares about a client: the fields `--json` offers and the table columns
// (list, search and show read alike, and a field added to clients is added here once), which flag sets
// which field, and the email no other client may have.
import type { Column } from '../../core/output.js';
import type { Client } from '../../model/records.js';
import { shortId } from '../../model/short-id.js';
import type { UniqueValue } from '../shared/refusal.js';

export const FIELDS = ['id', 'name', 'phone', 'email', 'notes', 'status', 'total_visits', 'diagnosis_codes', 'therapist_id', 'created_at', 'updated_at'];

export const COLUMNS: Column<Client>[] = [
  { key: 'id', format: shortId },
  { key: 'name' },
  { key: 'phone' },
  { key: 'email' },
  { key: 'status' },
  { key: 'total_visits', header: 'VISITS' },
];

export const NOT_FOUND_HINT = 'See `practice client list`.';

/** The flags add and update both take for a client's fields. */
export interface ClientFieldOptions {
  name?: string;
  phone?: string;
  email?: string;
  notes?: string;
  diagnosis?: string;
}

/** Which flag sets each field, so a refused value is reported under the flag the user typed. */
export const FLAG_OF = { name: '--name', phone: '--phone', email: '--email', notes: '--notes', status: '--status', diagnosis_codes: '--diagnosis' };

/** The client's fields among a command's options, which also hold --json and --format. */
export function clientFields(options: ClientFieldOptions): Omit<ClientFieldOptions, 'diagnosis'> & { diagnosis_codes?: string[] | undefined } {
  return { name: options.name, phone: options.phone, email: options.email, notes: options.notes, diagnosis_codes: diagnosisCodes(options.diagnosis) };
}

/** `--diagnosis "M54.5, g44.2"` as the codes a superbill prints, uppercase as ICD-10 writes them; "" clears them. */
function diagnosisCodes(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text.split(',').map((code) => code.trim().toUpperCase()).filter((code) => code !== '');
}

/** For explainDuplicate: the email a client write sets, which no other client may have (any case). */
export function emailOf(email: string | null | undefined, self?: string): UniqueValue {
  return { table: 'clients', column: 'email', value: email, self, what: 'Client', change: 'practice client update' };
}
