// A reminder row as the service keeps it (migrations 0005, 0013 and 0020): one message about one
// appointment, the first reminder (or a request's notice) or a notice following the message before it.

type ReminderState = 'claimed' | 'sent' | 'failed';

// requested, accepted and declined: a request from the booking page arrived, and its answer (migration 20).
export type ReminderKind = 'reminder' | 'changed' | 'cancelled' | 'requested' | 'accepted' | 'declined';

export interface ReminderRow {
  id: string;
  appointment_id: string;
  client_id: string;
  channel: string;
  message: string;
  state: ReminderState;
  error: string | null;
  kind: ReminderKind;
  /** The day and start the message told the client (local time, as the appointment's). */
  announced_date: string;
  announced_start: string;
  follows_id: string | null;
  updated_at: string;
}
