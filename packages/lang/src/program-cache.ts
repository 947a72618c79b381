// A bounded least-recently-used cache of compiled programs, keyed by the files digest (plus
// whatever else fixes the program, e.g. pinned dependency versions, folded into the key by the
// caller). Pure memory, no I/O: the API's validate-heavy paths and the worker share the shape.
//
// Bounded two ways: a number of entries, and optionally a total weight (e.g. source bytes) so a
// few huge scripts cannot hold the memory of many small ones. A Map keeps insertion order, so
// re-inserting on every hit makes its first key the least recently used.

export interface ProgramCacheOptions<V> {
  /** Most entries kept (at least 1). */
  maxEntries: number;
  /** Most total weight kept; unbounded when absent. */
  maxWeight?: number;
  /** Weight of one entry (default 1). An entry heavier than `maxWeight` is not kept. */
  weigh?: (value: V) => number;
}

export interface ProgramCacheStats {
  entries: number;
  weight: number;
  hits: number;
  misses: number;
  evictions: number;
}

interface Entry<V> {
  value: V;
  weight: number;
}

export class ProgramCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inflight = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: V) => number;
  private weight = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(options: ProgramCacheOptions<V>) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) throw new RangeError("maxEntries must be a positive integer");
    this.maxEntries = options.maxEntries;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 1);
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Every cached value, least recently used first, without marking any as used. */
  *values(): IterableIterator<V> {
    for (const e of this.entries.values()) yield e.value;
  }

  /** The cached value, marking it most recently used; undefined on a miss. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (!(weight <= this.maxWeight)) return;
    this.entries.set(key, { value, weight });
    this.weight += weight;
    this.evict();
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.weight -= entry.weight;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  /** The cached value, or `create()`'s, cached. */
  getOrCreate(key: string, create: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value);
    return value;
  }

  /**
   * Async form: concurrent callers for one missing key share one `create()`; a rejected
   * creation is not cached.
   */
  async getOrCreateAsync(key: string, create: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = create().then(
      (value) => {
        this.inflight.delete(key);
        this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  stats(): ProgramCacheStats {
    return { entries: this.entries.size, weight: this.weight, hits: this.hits, misses: this.misses, evictions: this.evictions };
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.delete(oldest.value);
      this.evictions++;
    }
  }
}
