// Each user's fair part of a connection pool (issue 25.2). A user alone may use most of the pool (a
// practice's app loading a dozen things at once, a script reading pages in parallel), but never the
// connections kept back for the others; when a connection frees, it goes to the waiting user who
// holds the fewest. One user flooding expensive requests then leaves every other practice's reads
// and sign-ins a connection at once, and their next ones the first connection that frees.
import { failures } from '../errors.js';

export interface FairShareLimits {
  /** Connections the pool has. */
  capacity: number;
  /** Connections one user can never hold: kept for everyone else. */
  reserved: number;
  /** Requests of one user that may wait for a connection; more are refused with 429. */
  waitingPerUser: number;
}

/** A quarter of the pool kept back from any one user (at least one connection), and 64 waiting. */
export function fairShareLimits(poolSize: number): FairShareLimits {
  return { capacity: poolSize, reserved: Math.max(1, Math.floor(poolSize / 4)), waitingPerUser: 64 };
}

export class FairShares {
  private readonly running = new Map<string, number>();
  /** Waiting requests by user, in the order the users started waiting. */
  private readonly waiting = new Map<string, Array<() => void>>();
  private inUse = 0;

  constructor(private readonly limits: FairShareLimits) {}

  /** Waits for a connection for `user`; the function returned gives it back. */
  async acquire(user: string, signal?: AbortSignal): Promise<() => void> {
    const release = () => this.release(user);
    if (this.inUse < this.limits.capacity && this.mayTake(user) && !this.waiting.has(user)) {
      this.take(user);
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

  private mayTake(user: string): boolean {
    return (this.running.get(user) ?? 0) < this.limits.capacity - this.limits.reserved;
  }

  private take(user: string): void {
    this.running.set(user, (this.running.get(user) ?? 0) + 1);
    this.inUse += 1;
  }

  /** Gives the connection back, and hands a free one to the waiting user who holds the fewest. */
  private release(user: string): void {
    const running = (this.running.get(user) ?? 1) - 1;
    if (running === 0) this.running.delete(user);
    else this.running.set(user, running);
    this.inUse -= 1;
    let next: string | null = null;
    for (const waiter of this.waiting.keys()) {
      if (!this.mayTake(waiter)) continue;
      if (next === null || (this.running.get(waiter) ?? 0) < (this.running.get(next) ?? 0)) next = waiter;
    }
    if (next === null) return;
    const queue = this.waiting.get(next)!;
    const turn = queue.shift()!;
    // Behind the others: among users holding as many, the one waiting longest goes first.
    this.waiting.delete(next);
    if (queue.length > 0) this.waiting.set(next, queue);
    this.take(next);
    turn();
  }
}
