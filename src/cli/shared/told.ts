// What a client was told of an appointment: its reminder rows form a chain (the reminder, then each
// notice following the message before it, migration 0013), and the last one sent holds the time the
// client believes. `practice remind` compares it with the appointment; `appt reschedule|cancel` say it.
import type { ApiClient } from '../../core/api-client.js';
import { query } from '../../core/query-builder.js';
import type { ReminderRow } from './reminder-row.js';

/** The chain's rows in order, first reminder first; a row nothing follows ends it. */
export function chainOf(rows: readonly ReminderRow[]): ReminderRow[] {
  const first = rows.find((row) => row.follows_id === null);
  const next = new Map(rows.flatMap((row) => (row.follows_id === null ? [] : [[row.follows_id, row] as const])));
  const chain: ReminderRow[] = [];
  for (let row = first; row !== undefined && chain.length < rows.length; row = next.get(row.id)) chain.push(row);
  return chain;
}

/** The last message the client got, or undefined when none was sent. */
export function lastTold(chain: readonly ReminderRow[]): ReminderRow | undefined {
  return chain.findLast((row) => row.state === 'sent');
}

/** What an appointment's client was last told, read from the service; undefined when nothing was sent. */
export async function toldOf(api: ApiClient, appointmentId: string): Promise<ReminderRow | undefined> {
  const rows = await api.select<ReminderRow>('reminders', query<ReminderRow>().eq('appointment_id', appointmentId));
  return lastTold(chainOf(rows));
}
