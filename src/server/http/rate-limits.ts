// Rate limits (PROTOCOL.md section 8) with @fastify/rate-limit: per user on /rest/v1 and on
// /auth/v1/user and /logout, reads and writes counted apart (anon by client IP); per client IP on
// sign-up and sign-in; in memory, or in Redis for a fleet.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { failures } from '../errors.js';
import type { RateLimitSettings } from './limits.js';

/** Where the counters live: Redis when every instance behind a load balancer must share them. */
export interface RateLimitStore {
  redis: Redis;
  /** Prefix of every key the limiter writes, so the counters never mix with other data. */
  prefix: string;
}

const DEFAULT_REDIS_PREFIX = 'practice:rate-limit:';

/**
 * The onRequest hooks that count a request against its limit, or refuse it with 429; none for a
 * limit that is off, so an unlimited deployment pays no hook per request.
 */
export interface RateLimitHooks {
  /** Reads and writes per user: /rest/v1, and /auth/v1/user and /logout. */
  rest: onRequestAsyncHookHandler[];
  /** Sign-up and sign-in per client IP. */
  auth: onRequestAsyncHookHandler[];
}

const WINDOW_MS = 60_000;
// Local counters per key kept at most (least recently used go first); one per user and kind.
const LOCAL_KEYS = 100_000;
const READS = new Set(['GET', 'HEAD']);

/** Whether a request counts as a read: GET and HEAD, unless the app knows better (a stable function's call). */
export type ReadClassifier = (request: FastifyRequest) => boolean;

const byMethod: ReadClassifier = (request) => READS.has(request.method);

const allOff = (settings: RateLimitSettings) =>
  settings.readsPerMinute === 0 && settings.writesPerMinute === 0 && settings.authPerMinute === 0;

/** Connects to the Redis named by REDIS_URL; fails start-up (without echoing the URL) if it cannot. */
export async function connectRedis(url: string): Promise<Redis> {
  // Loaded only when a deployment uses Redis.
  const { Redis } = await import('ioredis');
  // Without the offline queue and with a command timeout, an unreachable Redis fails a count at
  // once instead of holding every request until it returns.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Could not connect to the Redis server of REDIS_URL: ${(err as Error).message}`);
  }
  return redis;
}

// How long a stopping server waits for Redis to acknowledge QUIT.
const QUIT_MS = 1000;

/**
 * Lets go of Redis when the server stops. QUIT waits for the server's answer, and ioredis keeps
 * reconnecting to a Redis that went away, which kept the process alive after SIGTERM:
 * disconnect() ends both.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([redis.quit().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, QUIT_MS)))]);
    clearTimeout(timer);
  }
  redis.disconnect();
}

/** The shared counters of REDIS_URL, or null: no URL, or no limit to count for. */
export async function openRateLimitStore(settings: RateLimitSettings, redisUrl: string | undefined): Promise<RateLimitStore | null> {
  if (!redisUrl || allOff(settings)) return null;
  return { redis: await connectRedis(redisUrl), prefix: DEFAULT_REDIS_PREFIX };
}

export async function installRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  store: RateLimitStore | null,
  isRead: ReadClassifier = byMethod,
): Promise<RateLimitHooks> {
  if (allOff(settings)) return { rest: [], auth: [] };
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    enableDraftSpec: true,
    // A Redis outage lets requests through rather than taking the whole API down with it.
    skipOnError: true,
    ...(store ? { redis: store.redis, nameSpace: store.prefix } : {}),
    errorResponseBuilder: (_request, context) => failures.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  // A practice is limited as itself (the JWT's sub), so one practice's burst never slows another.
  const restKey = (request: FastifyRequest) => `${isRead(request) ? 'read' : 'write'}:${request.identity?.userId ?? `ip:${request.ip}`}`;
  const restLimit = (request: FastifyRequest) => (isRead(request) ? settings.readsPerMinute : settings.writesPerMinute);
  // Each limiter gets its own store; in memory, its size is set here, not inherited.
  const local = store ? {} : { cache: LOCAL_KEYS };
  const restOn = settings.readsPerMinute > 0 || settings.writesPerMinute > 0;
  return {
    rest: restOn
      ? [app.rateLimit({ ...local, keyGenerator: restKey, max: restLimit, allowList: (request) => restLimit(request) === 0 })]
      : [],
    auth: settings.authPerMinute > 0
      ? [app.rateLimit({ ...local, keyGenerator: (request) => `auth:${request.ip}`, max: settings.authPerMinute })]
      : [],
  };
}
