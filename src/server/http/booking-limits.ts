// The public booking page's per-address limit (issue 31): a few booking requests an hour from one
// client IP, counted before the request reaches the database, in this process or in the rate limits'
// Redis for a fleet. Per email and per practice the database limits them (migration 20).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import { LeastRecentlyUsed } from '../lru.js';
import type { RateLimitSettings } from './limits.js';
import type { RateLimitStore } from './rate-limits.js';

/** Booking requests one client IP may make an hour, unless the settings say otherwise. */
export const DEFAULT_BOOKING_REQUESTS_PER_HOUR = 5;

const HOUR_MS = 3_600_000;
const REQUEST_PATH = '/rest/v1/rpc/booking_request';
// As the rate limits' in-memory store: one counter per address, the least recently used go first.
const LOCAL_KEYS = 100_000;

interface Window {
  count: number;
  endsAt: number;
}

/** How many requests `ip` has made in the hour under way, this one included, and when that hour ends. */
type Counter = (ip: string, now: number) => Promise<Window>;

function localCounter(): Counter {
  const windows = new LeastRecentlyUsed<string, Window>(LOCAL_KEYS);
  return async (ip, now) => {
    const current = windows.get(ip);
    const window = current && current.endsAt > now ? { ...current, count: current.count + 1 } : { count: 1, endsAt: now + HOUR_MS };
    windows.set(ip, window);
    return window;
  };
}

function redisCounter(store: RateLimitStore): Counter {
  return async (ip, now) => {
    const hour = Math.floor(now / HOUR_MS);
    const key = `${store.prefix}booking:${hour}:${ip}`;
    const [[, count]] = (await store.redis.multi().incr(key).pexpire(key, HOUR_MS).exec()) as [[Error | null, number]];
    return { count, endsAt: (hour + 1) * HOUR_MS };
  };
}

/**
 * Counts each booking request (POST rpc/booking_request) against its client IP; past the limit a 429
 * written for the person on the page. Off (no hook) when the rate limits are all off or it is 0.
 */
export function registerBookingLimits(app: FastifyInstance, settings: RateLimitSettings, store: RateLimitStore | null): void {
  const anyLimit = settings.readsPerMinute > 0 || settings.writesPerMinute > 0 || settings.authPerMinute > 0;
  const perHour = settings.bookingRequestsPerHour ?? (anyLimit ? DEFAULT_BOOKING_REQUESTS_PER_HOUR : 0);
  if (perHour === 0) return;
  const count = store ? redisCounter(store) : localCounter();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== REQUEST_PATH) return;
    const now = Date.now();
    let window: Window;
    try {
      window = await count(request.ip, now);
    } catch {
      // As the rate limits: a Redis outage lets requests through (the database's limits still hold).
      return;
    }
    if (window.count <= perHour) return;
    const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    throw new ServiceError(429, 'over_request_rate_limit', 'Too many booking requests from your network; please try again later.', null,
      `retry after ${seconds} s`, { 'retry-after': String(seconds) });
  });
}
