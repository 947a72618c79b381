// A ring buffer of numbers that grows (rarely) when a longer window is asked for. `get(0)` is the
// newest value, `get(k)` the value pushed k pushes ago, NaN when not (or no longer) held.
// Code generation sizes each ring from the call site's derived lookback, so `ensure` is a no-op
// check on the hot path.

export class Ring {
  buf: Float64Array;
  mask: number;
  /** Index of the newest value. */
  head = -1;
  /** Values held (at most the capacity). */
  count = 0;

  constructor(capacity = 8) {
    let cap = 8;
    while (cap < capacity) cap *= 2;
    this.buf = new Float64Array(cap);
    this.mask = cap - 1;
  }

  /** Makes room for at least `n` values, keeping the newest ones in order. */
  ensure(n: number): void {
    if (n > this.buf.length) this.grow(n);
  }

  private grow(n: number): void {
    let cap = this.buf.length;
    while (cap < n) cap *= 2;
    const next = new Float64Array(cap);
    for (let k = this.count - 1, j = 0; k >= 0; k--, j++) next[j] = this.get(k);
    this.buf = next;
    this.mask = cap - 1;
    this.head = this.count - 1;
  }

  push(v: number): void {
    const h = (this.head + 1) & this.mask;
    this.head = h;
    this.buf[h] = v;
    if (this.count <= this.mask) this.count++;
  }

  /** Replaces the newest value (used when a bar is recomputed). */
  setNewest(v: number): void {
    this.buf[this.head] = v;
  }

  get(k: number): number {
    if (k < 0 || k >= this.count) return NaN;
    return this.buf[(this.head - k) & this.mask]!;
  }

  clear(): void {
    this.head = -1;
    this.count = 0;
  }
}

/** The same ring for any value (strings, arrays, objects); `null` (na) when not held. */
export class ValueRing {
  buf: unknown[];
  mask: number;
  head = -1;
  count = 0;

  constructor(capacity = 8) {
    let cap = 8;
    while (cap < capacity) cap *= 2;
    this.buf = new Array<unknown>(cap).fill(null);
    this.mask = cap - 1;
  }

  ensure(n: number): void {
    if (n <= this.buf.length) return;
    let cap = this.buf.length;
    while (cap < n) cap *= 2;
    const next = new Array<unknown>(cap).fill(null);
    for (let k = this.count - 1, j = 0; k >= 0; k--, j++) next[j] = this.get(k);
    this.buf = next;
    this.mask = cap - 1;
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
