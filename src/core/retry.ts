// When to try a request again and how long to wait first (PROTOCOL.md section 8): the server's
// Retry-After, else its RateLimit-Reset, else exponential backoff with full jitter. Pure.

const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 8_000;
/** Tries per request at most, whatever time is left. */
export const MAX_ATTEMPTS = 6;

const RETRYABLE_STATUS = new Set([502, 503, 504]);
// Timestamps from this size up are epoch seconds, not a number of seconds to wait.
const EPOCH_SECONDS = 1_000_000_000;

/** `Retry-After`: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** `RateLimit-Reset`/`X-RateLimit-Reset`: seconds until the window resets, or (if huge) an epoch second. */
export function rateLimitResetMs(value: string | undefined, now: Date): number | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const seconds = Number(value.trim());
  return seconds >= EPOCH_SECONDS ? Math.max(0, seconds * 1000 - now.getTime()) : Math.round(seconds * 1000);
}

/** Full jitter (AWS's "exponential backoff and jitter"): uniformly 0..min(cap, base * 2^attempt). */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
}

/** How long to wait before retrying after a response with this status, by what the server said. */
export function retryDelayMs(headers: Record<string, string | undefined>, attempt: number, now: Date, random: () => number = Math.random): number {
  return retryAfterMs(headers['retry-after'], now)
    ?? rateLimitResetMs(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset'], now)
    ?? backoffMs(attempt, random);
}

/**
 * Whether a failed try may be repeated. A 429 was refused before it did anything, so any request may
 * go again; after a gateway error or a broken connection the first try may have been applied, so only
 * reads and creates that carry their own id (applying them twice cannot make two rows) go again.
 */
export function shouldRetry(outcome: { status: number } | { maybeApplied: boolean; transient: boolean }, safeToRepeat: boolean): boolean {
  if ('status' in outcome) return outcome.status === 429 || (RETRYABLE_STATUS.has(outcome.status) && safeToRepeat);
  return outcome.transient && (!outcome.maybeApplied || safeToRepeat);
}
