// Retry timing: Retry-After (seconds or date), then RateLimit-Reset, then full-jitter backoff; and
// which failures may be retried for which requests.
import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffMs, rateLimitResetMs, retryAfterMs, retryDelayMs, shouldRetry } from '../../src/core/retry.js';

const NOW = new Date('2025-06-02T10:00:00Z');

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('7', NOW)).toBe(7000);
    expect(retryAfterMs('0.5', NOW)).toBe(500);
    expect(retryAfterMs('Mon, 02 Jun 2025 10:00:12 GMT', NOW)).toBe(12_000);
    expect(retryAfterMs('Mon, 02 Jun 2025 09:59:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(undefined, NOW)).toBeNull();
  });

  it('reads RateLimit-Reset as seconds to wait, or as an epoch second', () => {
    expect(rateLimitResetMs('30', NOW)).toBe(30_000);
    expect(rateLimitResetMs(String(NOW.getTime() / 1000 + 45), NOW)).toBe(45_000);
    expect(rateLimitResetMs('-1', NOW)).toBeNull();
  });

  it('prefers Retry-After, then RateLimit-Reset, then X-RateLimit-Reset, then backoff', () => {
    const half = () => 0.5;
    expect(retryDelayMs({ 'retry-after': '3', 'ratelimit-reset': '50' }, 0, NOW, half)).toBe(3000);
    expect(retryDelayMs({ 'ratelimit-reset': '50', 'x-ratelimit-reset': '9' }, 0, NOW, half)).toBe(50_000);
    expect(retryDelayMs({ 'x-ratelimit-reset': '9' }, 0, NOW, half)).toBe(9000);
    expect(retryDelayMs({}, 2, NOW, half)).toBe(500);
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(0, () => 1)).toBe(250);
    expect(backoffMs(3, () => 1)).toBe(2000);
    expect(backoffMs(20, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(3, () => 0)).toBe(0);
  });
});

describe('shouldRetry', () => {
  it('retries a 429 for any request, gateway errors only when repeating is safe', () => {
    expect(shouldRetry({ status: 429 }, false)).toBe(true);
    for (const status of [502, 503, 504]) {
      expect(shouldRetry({ status }, true)).toBe(true);
      expect(shouldRetry({ status }, false)).toBe(false);
    }
    expect(shouldRetry({ status: 500 }, true)).toBe(false);
    expect(shouldRetry({ status: 409 }, true)).toBe(false);
  });

  it('retries transient network failures; after one that may have been applied, only safe requests', () => {
    expect(shouldRetry({ transient: true, maybeApplied: true }, true)).toBe(true);
    expect(shouldRetry({ transient: true, maybeApplied: true }, false)).toBe(false);
    expect(shouldRetry({ transient: true, maybeApplied: false }, false)).toBe(true);
    expect(shouldRetry({ transient: false, maybeApplied: false }, true)).toBe(false);
  });
});
