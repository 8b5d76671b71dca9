// A pool that lends the connection given back last. postgres.js's own pool is a queue: the
// connection released last is reserved last, so even one client's requests in turn go round every
// connection the pool ever opened, each to a PostgreSQL backend that had gone idle and cold. That
// cost PostgreSQL ~420 µs of CPU a request against ~300 on one warm backend, and the service its
// place beside the bare route at one connection (bench/server, issue 28.7). Lent last-in first-out,
// a light load keeps to the few backends it needs; the others stay idle until a burst needs them.

export class WarmestFirst<T> {
  /** The idle ones, the one given back last at the end. */
  private readonly idle: T[];
  /** Borrowers waiting for one, first come first served. */
  private readonly waiting: Array<(item: T) => void> = [];

  constructor(items: readonly T[]) {
    // The first item is lent first, so a light load keeps to the lowest-numbered ones.
    this.idle = [...items].reverse();
  }

  /** The one given back last, or, when all are lent, the next one given back. */
  take(): Promise<T> {
    const item = this.idle.pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  giveBack(item: T): void {
    const next = this.waiting.shift();
    if (next) next(item);
    else this.idle.push(item);
  }
}
