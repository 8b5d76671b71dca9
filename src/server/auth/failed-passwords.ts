// Password guesses counted per account, beside the per-IP sign-in limit: an attacker with many
// addresses (58 loopback ones were enough) still gets only a few guesses at one account. In memory,
// or in the rate limits' Redis so every instance behind a balancer shares the count.
import type { Redis } from 'ioredis';
import { authFailures } from '../errors.js';
import { LeastRecentlyUsed } from '../lru.js';

export interface FailedPasswordLimit {
  /** Password checks one account may fail within the window; 0 turns the count off. */
  attempts: number;
  windowSeconds: number;
}

/** 10 failures in 5 minutes: a person mistyping never meets it, a guesser gets 120 an hour. */
export const DEFAULT_FAILED_PASSWORD_LIMIT: FailedPasswordLimit = { attempts: 10, windowSeconds: 300 };

/**
 * An attempt is counted before its password is checked, so parallel guesses cannot all slip in
 * before the first failure is recorded, and a correct password during a lock-out is refused too
 * (otherwise the lock-out would tell which guess was right). A check that succeeds is forgiven.
 */
export interface FailedPasswords {
  /** Counts an attempt at the account, or throws Supabase Auth's 429 with Retry-After. */
  attempt(email: string): Promise<void>;
  /** Takes back the attempt of a password that was right. */
  forgive(email: string): Promise<void>;
}

// Accounts tracked at most in memory: a spray over random emails evicts the oldest counts, not the service.
const LOCAL_ACCOUNTS = 100_000;

function inMemory(limit: FailedPasswordLimit): FailedPasswords {
  const counts = new LeastRecentlyUsed<string, { attempts: number; resetAt: number }>(LOCAL_ACCOUNTS);
  return {
    async attempt(email) {
      const time = Date.now();
      const current = counts.get(email);
      const count = current && current.resetAt > time ? current : { attempts: 0, resetAt: time + limit.windowSeconds * 1000 };
      count.attempts += 1;
      counts.set(email, count);
      if (count.attempts > limit.attempts) throw authFailures.overRequestRateLimit(Math.ceil((count.resetAt - time) / 1000));
    },
    async forgive(email) {
      const current = counts.get(email);
      if (current && current.attempts > 0) current.attempts -= 1;
    },
  };
}

// Only an existing count is decremented: DECR alone would recreate an expired key without its expiry.
const FORGIVE = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

function inRedis(limit: FailedPasswordLimit, redis: Redis, prefix: string): FailedPasswords {
  const key = (email: string) => `${prefix}failed-password:${email}`;
  return {
    async attempt(email) {
      let answer: [error: Error | null, result: unknown][] | null;
      try {
        answer = await redis.multi().set(key(email), 0, 'PX', limit.windowSeconds * 1000, 'NX').incr(key(email)).pttl(key(email)).exec();
      } catch {
        // As the rate limits do: a Redis outage lets requests through rather than locking everyone out.
        return;
      }
      const attempts = Number(answer?.[1]?.[1] ?? 0);
      const ttl = Number(answer?.[2]?.[1] ?? 0);
      if (attempts > limit.attempts) throw authFailures.overRequestRateLimit(Math.max(1, Math.ceil(ttl / 1000)));
    },
    async forgive(email) {
      await redis.eval(FORGIVE, 1, key(email)).catch(() => undefined);
    },
  };
}

const UNLIMITED: FailedPasswords = { attempt: async () => undefined, forgive: async () => undefined };

export function failedPasswords(limit: FailedPasswordLimit, store: { redis: Redis; prefix: string } | null): FailedPasswords {
  if (limit.attempts === 0) return UNLIMITED;
  return store ? inRedis(limit, store.redis, store.prefix) : inMemory(limit);
}
