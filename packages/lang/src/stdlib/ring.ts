// A ring buffer of numbers that grows (rarely) when a longer window is asked for. `get(0)` is the
// newest value, `get(k)` the value pushed k pushes ago, NaN when not (or no longer) held.
// Code generation sizes each ring from the call site's derived lookback, so `ensure` is a no-op
// check on the hot path.

export class Ring {
  /**
   * Mirrored storage: each value is written at `pos` and `pos + cap`, so the newest `n <= cap`
   * values are always contiguous, oldest first, at `buf[top - n + 1 .. top]` (`top = pos + cap`):
   * window loops index straight into the array.
   */
  buf: Float64Array;
  cap: number;
  /** Slot of the newest value, in [0, cap). */
  pos: number;
  /** Index of the newest value in `buf` (pos + cap); window reads go backwards from it. */
  top: number;
  /** Values held (at most the capacity). */
  count = 0;

  constructor(capacity = 8) {
    let cap = 8;
    while (cap < capacity) cap *= 2;
    this.cap = cap;
    this.buf = new Float64Array(2 * cap);
    this.pos = cap - 1;
    this.top = 2 * cap - 1;
  }

  /** Makes room for at least `n` values, keeping the newest ones in order. */
  ensure(n: number): void {
    if (n > this.cap) this.grow(n);
  }

  private grow(n: number): void {
    let cap = this.cap;
    while (cap < n) cap *= 2;
    const next = new Float64Array(2 * cap);
    const count = this.count;
    // the newest value goes to slot count - 1, the oldest to slot 0
    for (let k = 0; k < count; k++) {
      const v = this.buf[this.top - k]!;
      next[count - 1 - k] = v;
      next[count - 1 - k + cap] = v;
    }
    this.buf = next;
    this.cap = cap;
    this.pos = (count - 1 + cap) % cap;
    this.top = this.pos + cap;
  }

  push(v: number): void {
    const cap = this.cap;
    const p = this.pos + 1 === cap ? 0 : this.pos + 1;
    this.pos = p;
    this.top = p + cap;
    this.buf[p] = v;
    this.buf[p + cap] = v;
    if (this.count < cap) this.count++;
  }

  /** Replaces the newest value (used when a bar is recomputed). */
  setNewest(v: number): void {
    this.buf[this.pos] = v;
    this.buf[this.top] = v;
  }

  /** Pushes `v` after making room for `n` values; true when at least `n` values are held. */
  add(v: number, n: number): boolean {
    this.ensure(n);
    this.push(v);
    return this.count >= n;
  }

  /** Sum of the newest `n` values (n <= count). Fixed order, so independent of history. */
  sumLast(n: number): number {
    const b = this.buf;
    let s = 0;
    for (let j = this.top - n + 1, end = this.top; j <= end; j++) s += b[j]!;
    return s;
  }

  get(k: number): number {
    if (k < 0 || k >= this.count) return NaN;
    return this.buf[this.top - k]!;
  }

  clear(): void {
    this.count = 0;
  }
}

/** The same ring for any value (strings, arrays, objects); `null` (na) when not held. */
export class ValueRing {
  buf: unknown[];
  cap: number;
  mask: number;
  head = -1;
  count = 0;

  constructor(capacity = 8) {
    let cap = 8;
    while (cap < capacity) cap *= 2;
    this.buf = new Array<unknown>(cap).fill(null);
    this.mask = cap - 1;
    this.cap = cap;
  }

  ensure(n: number): void {
    if (n <= this.buf.length) return;
    let cap = this.buf.length;
    while (cap < n) cap *= 2;
    const next = new Array<unknown>(cap).fill(null);
    for (let k = this.count - 1, j = 0; k >= 0; k--, j++) next[j] = this.get(k);
    this.buf = next;
    this.mask = cap - 1;
    this.cap = cap;
    this.head = this.count - 1;
  }

  push(v: unknown): void {
    this.head = (this.head + 1) & this.mask;
    this.buf[this.head] = v;
    if (this.count <= this.mask) this.count++;
  }

  get(k: number): unknown {
    if (k < 0 || k >= this.count) return null;
    return this.buf[(this.head - k) & this.mask];
  }
}

/** Lengths as Pine takes them: an int >= 1, or 0 when invalid (the caller returns na). */
export function len(n: number): number {
  if (!(n >= 1)) return 0;
  return Math.floor(n);
}
