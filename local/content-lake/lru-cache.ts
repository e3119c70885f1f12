/** A byte-bounded least-recently-used cache (Map insertion order is the recency list). */

export class LruCache<V extends { byteLength: number }> {
  readonly #entries = new Map<string, V>();
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  #bytes = 0;

  constructor(maxBytes: number, maxEntries = 1000) {
    this.#maxBytes = maxBytes;
    this.#maxEntries = maxEntries;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Re-insert to mark as most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (value.byteLength > this.#maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#bytes -= previous.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, value);
    this.#bytes += value.byteLength;
    for (const [oldKey, oldValue] of this.#entries) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= this.#maxEntries) break;
      this.#entries.delete(oldKey);
      this.#bytes -= oldValue.byteLength;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
