// public.audit_note_read as migration 24 left it, told the answer's format: a read of notes alone
// now hands over the ids and clients of the rows it read whether its answer shows them or not, CSV
// included (src/server/audit/note-reads.ts), and a CSV read's record still says it was CSV.
import { noteReadSql } from '../0024/note-read-ids.js';

export const noteReadFormat = noteReadSql(true);
