// Each user's fair part of a connection pool (issue 25.2): at most `perUser` of one user's requests
// hold a connection at once, a few more wait their turn, and beyond that the user is told to slow
// down. One user flooding expensive requests then holds a quarter of the pool, never all of it, and
// every other practice's reads and sign-ins find a connection free.
import { failures } from '../errors.js';

export interface FairShareLimits {
  /** Requests of one user that may run at once. */
  perUser: number;
  /** Requests of one user that may wait for their turn; more are refused with 429. */
  waitingPerUser: number;
}

/** A quarter of the pool per user (at least one), and four times that waiting. */
export function fairShareLimits(poolSize: number): FairShareLimits {
  const perUser = Math.max(1, Math.floor(poolSize / 4));
  return { perUser, waitingPerUser: perUser * 4 };
}

export class FairShares {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly limits: FairShareLimits) {}

  /** Waits for one of `user`'s shares; the function returned gives it back. */
  async acquire(user: string, signal?: AbortSignal): Promise<() => void> {
    const release = () => this.release(user);
    const running = this.running.get(user) ?? 0;
    if (running < this.limits.perUser) {
      this.running.set(user, running + 1);
      return release;
    }
    const queue = this.waiting.get(user) ?? [];
    if (queue.length >= this.limits.waitingPerUser) throw failures.rateLimited(1);
    this.waiting.set(user, queue);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', gone);
        resolve();
      };
      // A client that left gives its place up; nobody reads the answer.
      const gone = () => {
        queue.splice(queue.indexOf(turn), 1);
        if (queue.length === 0 && this.waiting.get(user) === queue) this.waiting.delete(user);
        reject(signal!.reason);
      };
      queue.push(turn);
      signal?.addEventListener('abort', gone, { once: true });
    });
    return release;
  }

  /** Hands the share to the user's next waiting request, if any; the count stays. */
  private release(user: string): void {
    const queue = this.waiting.get(user);
    const next = queue?.shift();
    if (next) {
      if (queue!.length === 0) this.waiting.delete(user);
      next();
      return;
    }
    const running = (this.running.get(user) ?? 1) - 1;
    if (running === 0) this.running.delete(user);
    else this.running.set(user, running);
  }
}
