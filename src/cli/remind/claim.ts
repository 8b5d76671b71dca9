// The database decides who sends a message. A run claims it by inserting its reminder row: the
// unique keys (one first reminder per appointment, one notice after each message, migration 0013)
// let exactly one of two racing runs succeed. A failed message is claimed again by a conditional
// update that only one run's statement can match. Marking it sent writes the conversation log in the
// same statement (migration 0005's trigger).
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import type { Due } from './due.js';
import type { ReminderRow } from '../shared/reminder-row.js';

/** The claimed row, or null when another run has it. */
export async function claim(api: ApiClient, due: Due, channel: string, message: string): Promise<ReminderRow | null> {
  const announced = { announced_date: due.announced.date, announced_start: due.announced.time };
  if (due.failed) {
    const [reclaimed] = await api.update<ReminderRow>('reminders',
      query<ReminderRow>().eq('id', due.failed.id).eq('state', 'failed'),
      { state: 'claimed', kind: due.kind, channel, message, error: null, ...announced });
    return reclaimed ?? null;
  }
  try {
    const [claimed] = await api.insert<ReminderRow>('reminders', {
      id: crypto.randomUUID(), appointment_id: due.appointment.id, client_id: due.client.id, channel, message, state: 'claimed',
      kind: due.kind, follows_id: due.follows, ...announced,
    });
    return claimed!;
  } catch (err) {
    // A unique key: another run claimed it between our read and this insert.
    if (err instanceof ApiError && err.status === 409) return null;
    throw err;
  }
}

/** Sent: logged in the conversation log as the assistant's message, and never claimed again. */
export async function markSent(api: ApiClient, reminder: Pick<ReminderRow, 'id'>): Promise<void> {
  await api.update<ReminderRow>('reminders', query<ReminderRow>().eq('id', reminder.id).eq('state', 'claimed'), { state: 'sent' });
}

/** Failed: the next run may claim it again. */
export async function markFailed(api: ApiClient, reminder: Pick<ReminderRow, 'id'>, error: string): Promise<void> {
  await api.update<ReminderRow>('reminders', query<ReminderRow>().eq('id', reminder.id).eq('state', 'claimed'), { state: 'failed', error });
}
