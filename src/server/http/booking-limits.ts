// The public booking page's per-address limit (issue 31): a few booking requests an hour from one
// client IP, counted before the request reaches the database, in this process or in the rate limits'
// Redis for a fleet. A request the database refuses as a person's mistake or bad luck (400: a field
// to mend; 409: the time was taken meanwhile, and the page offers the others) gives its place back,
// so a client who tried a few taken times can still book; all attempts, refused ones too, are bounded
// by a wider limit, so a flood of them still stops before the database. An unknown page (404) keeps
// its place: guessing addresses is what the limit is for. Per email and per practice the database
// limits requests (migration 20).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import { LeastRecentlyUsed } from '../lru.js';
import type { RateLimitSettings } from './limits.js';
import type { RateLimitStore } from './rate-limits.js';

/** Booking requests one client IP may make an hour, unless the settings say otherwise. */
export const DEFAULT_BOOKING_REQUESTS_PER_HOUR = 5;
/** Attempts, refused ones included, one client IP may make an hour: this many times its requests. */
export const ATTEMPTS_PER_REQUEST = 4;

const HOUR_MS = 3_600_000;
const REQUEST_PATH = '/rest/v1/rpc/booking_request';
// As the rate limits' in-memory store: one counter per address, the least recently used go first.
const LOCAL_KEYS = 100_000;
// The database's refusals that give a request's place back (PostgREST's 22023 and PT409).
const GIVES_PLACE_BACK = new Set([400, 409]);

interface Window {
  count: number;
  endsAt: number;
}

/** Adds `by` to what `ip` has counted in the hour of `at`, and answers the hour's count and end. */
type Counter = (ip: string, at: number, by: 1 | -1) => Promise<Window>;

function localCounter(): Counter {
  const windows = new LeastRecentlyUsed<string, Window>(LOCAL_KEYS);
  return async (ip, at, by) => {
    const current = windows.get(ip);
    const window = current && current.endsAt > at ? { ...current, count: Math.max(0, current.count + by) } : { count: Math.max(0, by), endsAt: at + HOUR_MS };
    windows.set(ip, window);
    return window;
  };
}

function redisCounter(store: RateLimitStore, kind: string): Counter {
  return async (ip, at, by) => {
    const hour = Math.floor(at / HOUR_MS);
    const key = `${store.prefix}booking:${kind}:${hour}:${ip}`;
    const [[, count]] = (await store.redis.multi().incrby(key, by).pexpire(key, HOUR_MS).exec()) as [[Error | null, number]];
    return { count, endsAt: (hour + 1) * HOUR_MS };
  };
}

function limited(window: Window, now: number): ServiceError {
  const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  return new ServiceError(429, 'over_request_rate_limit', 'Too many booking requests from your network; please try again later.', null,
    `retry after ${seconds} s`, { 'retry-after': String(seconds) });
}

/**
 * Counts each booking request (POST rpc/booking_request) against its client IP; past the limit a 429
 * written for the person on the page. Off (no hook) when the rate limits are all off or it is 0.
 */
export function registerBookingLimits(app: FastifyInstance, settings: RateLimitSettings, store: RateLimitStore | null): void {
  const anyLimit = settings.readsPerMinute > 0 || settings.writesPerMinute > 0 || settings.authPerMinute > 0;
  const perHour = settings.bookingRequestsPerHour ?? (anyLimit ? DEFAULT_BOOKING_REQUESTS_PER_HOUR : 0);
  if (perHour === 0) return;
  const tried = store ? redisCounter(store, 'tried') : localCounter();
  const made = store ? redisCounter(store, 'made') : localCounter();
  // The requests holding a place, by when they took it: given back by the answer if refused.
  const placed = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== REQUEST_PATH) return;
    const now = Date.now();
    let attempts: Window;
    let requests: Window;
    try {
      attempts = await tried(request.ip, now, 1);
      if (attempts.count > perHour * ATTEMPTS_PER_REQUEST) throw limited(attempts, now);
      requests = await made(request.ip, now, 1);
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      // As the rate limits: a Redis outage lets requests through (the database's limits still hold).
      return;
    }
    if (requests.count > perHour) {
      await made(request.ip, now, -1).catch(() => {});
      throw limited(requests, now);
    }
    placed.set(request, now);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const at = placed.get(request);
    if (at !== undefined && GIVES_PLACE_BACK.has(reply.statusCode)) await made(request.ip, at, -1).catch(() => {});
  });
}
