// A Map bounded to its most recently used entries: the service's per-process memories (verified
// tokens, prepared reads, PGlite's prepared statements) must not grow with the number of distinct
// clients or queries.

export class LeastRecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  /**
   * At most `capacity` entries and, with `budget`, at most `budget.max` of their summed weights
   * (bytes, say), so a few huge entries cannot hold what a thousand small ones would.
   */
  constructor(
    private readonly capacity: number,
    private readonly budget?: { max: number; weigh: (key: K, value: V) => number },
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: moving the entry to the end keeps the oldest first.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /**
   * Returns the entry pushed out to make room, for a caller that must release what it holds
   * (only ever one without a budget). An entry heavier than the whole budget is not kept.
   */
  set(key: K, value: V): [K, V] | undefined {
    this.delete(key);
    const weight = this.budget?.weigh(key, value) ?? 0;
    if (this.budget && weight > this.budget.max) return undefined;
    let evicted: [K, V] | undefined;
    while (this.entries.size > 0 && (this.entries.size >= this.capacity || (this.budget && this.weight + weight > this.budget.max))) {
      evicted = this.entries.entries().next().value!;
      this.delete(evicted[0]);
    }
    this.entries.set(key, value);
    this.weight += weight;
    return evicted;
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    if (this.budget) this.weight -= this.budget.weigh(key, value);
  }

  /** Entries kept, and their summed weight. */
  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }
}
