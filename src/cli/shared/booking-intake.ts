// What a client agreed to and answered on the booking page (migration 20's booking_requests), for
// `client show`: the latest request's consent (version, when, the exact text) and intake answers.
import type { ApiClient } from '../../core/api-client.js';
import { ApiError } from '../../core/api-error.js';
import { query } from '../../core/query-builder.js';
import { visibleText } from '../../core/visible-text.js';

interface BookingRequestRow {
  client_id: string;
  created_at: string;
  answers: Array<{ id: string; label: string; type: string; answer: string | boolean }>;
  consent_version: number | null;
  consent_text: string | null;
  consented_at: string | null;
}

/** As `client show --json` gives it under `booking_intake`; null for a client who never used the page. */
interface BookingIntake {
  requested_at: string;
  consent: { version: number; agreed_at: string; text: string } | null;
  answers: Array<{ question: string; answer: string | boolean }>;
}

const answerText = (answer: string | boolean) => (answer === true ? 'yes' : answer === false ? 'no' : answer);

/**
 * Adds `booking_intake` to the client record (for --json) and returns the lines `client show` prints
 * for it; none for a client who never used the page, or a backend without the table (before migration 20).
 */
export async function bookingIntake(api: ApiClient, client: { id: string } & Record<string, unknown>): Promise<string[]> {
  let latest: BookingRequestRow | undefined;
  try {
    [latest] = await api.select<BookingRequestRow>('booking_requests', query<BookingRequestRow>()
      .eq('client_id', client.id).select(['created_at', 'answers', 'consent_version', 'consent_text', 'consented_at']).order('created_at', 'desc').limit(1));
  } catch (err) {
    // No such table: a backend from before migration 20 has no booking page to tell of.
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
  if (!latest) return [];
  const intake: BookingIntake = {
    requested_at: latest.created_at,
    consent: latest.consent_text === null ? null : { version: latest.consent_version!, agreed_at: latest.consented_at!, text: latest.consent_text },
    answers: latest.answers.map((given) => ({ question: given.label, answer: given.answer })),
  };
  client.booking_intake = intake;
  const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  return [
    '',
    `Booking page (request of ${when(intake.requested_at)})`,
    intake.consent ? `  consent: version ${intake.consent.version}, agreed ${when(intake.consent.agreed_at)}: "${visibleText(intake.consent.text)}"` : '  consent: none asked',
    ...intake.answers.map((given) => `  ${visibleText(given.question)}  ${visibleText(String(answerText(given.answer)))}`),
  ];
}
