// What the `msg` commands share about a message of the conversation log: the fields --json accepts
// and the table columns, its time on the practice's clock.
import type { Column } from '../../core/output.js';
import type { Message } from '../../model/records.js';

export const FIELDS = ['id', 'created_at', 'client_id', 'role', 'channel', 'message', 'therapist_id'];

export function messageColumns(timeZone: string): Column<Message>[] {
  // Swedish writes dates and times as ISO does: 2026-11-23 14:05.
  const clock = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  return [
    { key: 'created_at', header: 'TIME', format: (at) => (at ? clock.format(new Date(at)) : '') },
    { key: 'role' },
    { key: 'channel' },
    { key: 'message' },
  ];
}
