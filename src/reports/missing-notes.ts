// `note missing`: the paperwork that is due. A completed appointment with no note, and a note that
// is still unsigned after the allowed time, each one row, oldest first.

export interface CompletedAppointment {
  id: string;
  date: string;
  start_time: string;
  client_id: string;
  client_name: string | null;
}

export interface NoteIn {
  id: string;
  appointment_id: string | null;
  client_id: string;
  signed_at: string | null;
  created_at: string;
}

type MissingKind = 'no_note' | 'unsigned';

export interface MissingRow {
  kind: MissingKind;
  /** The appointment's day, or the day the note was written (UTC, as stored). */
  date: string;
  client: string;
  client_id: string;
  appointment_id: string | null;
  note_id: string | null;
}

export interface MissingInput {
  appointments: readonly CompletedAppointment[];
  notes: readonly NoteIn[];
  /** Notes written before this instant (ISO 8601) and still unsigned are due. */
  unsignedBefore: string;
  /** Client id -> name, for notes whose appointment is not among `appointments`. */
  clientNames: ReadonlyMap<string, string>;
}

export function missingNotes({ appointments, notes, unsignedBefore, clientNames }: MissingInput): MissingRow[] {
  const noted = new Set(notes.map((note) => note.appointment_id).filter((id): id is string => id !== null));
  const before = Date.parse(unsignedBefore);
  const rows: MissingRow[] = appointments
    .filter((appointment) => !noted.has(appointment.id))
    .map((appointment) => ({
      kind: 'no_note', date: appointment.date, client: appointment.client_name ?? clientNames.get(appointment.client_id) ?? appointment.client_id,
      client_id: appointment.client_id, appointment_id: appointment.id, note_id: null,
    }));
  for (const note of notes) {
    if (note.signed_at !== null || Date.parse(note.created_at) >= before) continue;
    rows.push({
      kind: 'unsigned', date: note.created_at.slice(0, 10), client: clientNames.get(note.client_id) ?? note.client_id, client_id: note.client_id,
      appointment_id: note.appointment_id, note_id: note.id,
    });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.client.localeCompare(b.client));
}
