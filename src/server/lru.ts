// A Map bounded to its most recently used entries: the service's per-process memories (verified
// tokens, prepared reads, PGlite's prepared statements) must not grow with the number of distinct
// clients or queries.

export class LeastRecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: moving the entry to the end keeps the oldest first.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Returns the entry pushed out to make room, for a caller that must release what it holds. */
  set(key: K, value: V): [K, V] | undefined {
    this.entries.delete(key);
    let evicted: [K, V] | undefined;
    if (this.entries.size >= this.capacity) {
      evicted = this.entries.entries().next().value!;
      this.entries.delete(evicted[0]);
    }
    this.entries.set(key, value);
    return evicted;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
