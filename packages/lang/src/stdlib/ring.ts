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
  /** The bar `pushOnBar` last wrote (-1: never); rings pushed with `push` leave it alone. */
  bar = -1;

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

  /**
   * The history of code run more than once on a bar (a loop's body): one value per bar, the bar's
   * last execution's (docs/adr/0243-history-inside-loops-committed-per-bar.md). A later write on
   * the same bar replaces the value its first write added.
   */
  pushOnBar(v: number, bar: number): void {
    if (this.bar === bar) this.setNewest(v);
    else {
      this.bar = bar;
      this.push(v);
    }
  }

  /** `get(k)` of a ring written by `pushOnBar`, from the bars before `bar` (its own value is not history yet). */
  getOnBar(k: number, bar: number): number {
    return this.get(this.bar === bar ? k + 1 : k);
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
    this.bar = -1;
  }
}

/** The same ring for any value (strings, arrays, objects); `null` (na) when not held. */
export class ValueRing {
  buf: unknown[];
  cap: number;
  mask: number;
  head = -1;
  count = 0;
  /** As Ring's. */
  bar = -1;

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

  /** As Ring's. */
  pushOnBar(v: unknown, bar: number): void {
    if (this.bar === bar && this.count > 0) this.buf[this.head] = v;
    else {
      this.bar = bar;
      this.push(v);
    }
  }

  getOnBar(k: number, bar: number): unknown {
    return this.get(this.bar === bar ? k + 1 : k);
  }

  get(k: number): unknown {
    if (k < 0 || k >= this.count) return null;
    return this.buf[(this.head - k) & this.mask];
  }
}

/**
 * A stateful built-in's call site run more than once on a bar (inside a loop): every execution
 * computes from the state the bar's first execution started from, which is the state committed at
 * the previous bar's close (docs/adr/0243-history-inside-loops-committed-per-bar.md). `at` runs
 * before each execution: the bar's first takes a snapshot of the state, later ones put it back.
 * Generic over the state classes (numbers, rings, typed arrays, lists and nested state objects).
 */
export class BarSnapshot {
  bar = -1;
  snap: Snap | null = null;
  /** The copier of the state's fields as the last snapshot found them (null: the state is a list). */
  private fields: FlatFields | null = null;
  /** Whether the last snapshot is `vals` (every field held a primitive, most built-ins' state) rather than `snap`. */
  private flat = false;
  private readonly vals: unknown[] = [];

  at(bar: number, state: object): void {
    if (this.bar !== bar) {
      this.bar = bar;
      this.take(state);
    } else if (this.flat) this.fields!.load(state, this.vals);
    else if (this.snap !== null) this.snap.restore(state as Record<string, unknown>);
  }

  private take(state: object): void {
    let f = this.fields;
    // the same fields as at the last bar (a state's class fixes them) are found without listing them
    if (f === null || !keysAre(state, f.keys)) {
      if (Array.isArray(state)) {
        this.flat = false;
        this.snap = new Snap(state);
        return;
      }
      f = this.fields = flatFields(Object.keys(state));
    }
    this.flat = f.save(state, this.vals);
    this.snap = this.flat ? null : new Snap(state);
  }
}

/**
 * Snap's copy of an object whose fields all hold primitives, compiled once per list of field names:
 * the same values put back the same way (`o[k] = v`), without a Snap's arrays per bar or a keyed
 * access per field shared by every state class (the snapshot of a state inside a loop that
 * requests each of a dashboard's timeframes runs on every execution).
 */
interface FlatFields {
  readonly keys: readonly string[];
  /** Copies the fields into `vals`; false when one holds an object (a Snap is needed). */
  readonly save: (o: object, vals: unknown[]) => boolean;
  readonly load: (o: object, vals: readonly unknown[]) => void;
}

/** FlatFields by their field names joined (one per state class's shape). */
const flatByKeys = new Map<string, FlatFields>();

function flatFields(keys: readonly string[]): FlatFields {
  const id = keys.join("\n");
  let f = flatByKeys.get(id);
  if (f === undefined) {
    const names = keys.map((k) => JSON.stringify(k));
    const save = names.map((k, j) => `x = o[${k}]; if (typeof x === "object" && x !== null) return false; v[${String(j)}] = x;`);
    const load = names.map((k, j) => `o[${k}] = v[${String(j)}];`);
    f = {
      keys: [...keys],
      save: new Function("o", "v", `"use strict"; var x; ${save.join(" ")} return true;`) as FlatFields["save"],
      load: new Function("o", "v", `"use strict"; ${load.join(" ")}`) as FlatFields["load"],
    };
    flatByKeys.set(id, f);
  }
  return f;
}

/** Whether the keys `for...in` walks on `o` (its own, as Object.keys lists them, then inherited enumerable ones) are `keys`: no list is made. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let j = 0;
  for (const k in o) {
    if (keys[j] !== k) return false;
    j++;
  }
  return j === keys.length;
}

/**
 * Slots of a ring a snapshot keeps from its newest on: an execution that pushes at most this many
 * values less one (a stateful built-in pushes one a bar) or replaces the newest is put back exactly.
 */
const MARKED = 5;

/**
 * A ring's snapshot without a copy of its buffer: its positions, its buffer (an execution that
 * grows the ring leaves the old one as it was) and the slots the next pushes overwrite.
 */
class RingMark {
  readonly saved: Float64Array;
  constructor(
    readonly buf: Float64Array,
    readonly cap: number,
    readonly pos: number,
    readonly count: number,
    readonly bar: number,
  ) {
    this.saved = new Float64Array(Math.min(MARKED, cap));
    for (let j = 0; j < this.saved.length; j++) this.saved[j] = buf[(pos + j) % cap]!;
  }

  restore(r: Ring): void {
    const { buf, cap, pos } = this;
    r.buf = buf;
    r.cap = cap;
    r.pos = pos;
    r.top = pos + cap;
    r.count = this.count;
    r.bar = this.bar;
    for (let j = 0; j < this.saved.length; j++) {
      const p = (pos + j) % cap;
      buf[p] = this.saved[j]!;
      buf[p + cap] = this.saved[j]!;
    }
  }
}

/** The same for a ValueRing. */
class ValueRingMark {
  readonly saved: unknown[];
  constructor(
    readonly buf: unknown[],
    readonly mask: number,
    readonly head: number,
    readonly count: number,
    readonly bar: number,
  ) {
    this.saved = [];
    for (let j = 0; j < Math.min(MARKED, buf.length); j++) this.saved.push(buf[(head + j) & mask]);
  }

  restore(r: ValueRing): void {
    r.buf = this.buf;
    r.mask = this.mask;
    r.cap = this.mask + 1;
    r.head = this.head;
    r.count = this.count;
    r.bar = this.bar;
    this.saved.forEach((v, j) => (this.buf[(this.head + j) & this.mask] = v));
  }
}

/** What a snapshot keeps of one field. */
const enum Kind {
  Value,
  Ring,
  ValueRing,
  Typed,
  Collection,
  Nested,
}

/** An object's or a list's fields as they were: put back in place (no allocation) where the shapes still match. */
class Snap {
  readonly list: boolean;
  readonly proto: object | null;
  readonly keys: string[];
  readonly kinds: Kind[] = [];
  readonly vals: unknown[] = [];

  constructor(o: object) {
    this.list = Array.isArray(o);
    this.proto = Object.getPrototypeOf(o) as object | null;
    this.keys = Object.keys(o);
    const rec = o as Record<string, unknown>;
    for (const k of this.keys) {
      const v = rec[k];
      if (typeof v !== "object" || v === null) this.put(Kind.Value, v);
      else if (v instanceof Ring) this.put(Kind.Ring, new RingMark(v.buf, v.cap, v.pos, v.count, v.bar));
      else if (v instanceof ValueRing) this.put(Kind.ValueRing, new ValueRingMark(v.buf, v.mask, v.head, v.count, v.bar));
      else if (ArrayBuffer.isView(v)) this.put(Kind.Typed, (v as Float64Array).slice());
      else if (v instanceof Map) this.put(Kind.Collection, new Map(v));
      else if (v instanceof Set) this.put(Kind.Collection, new Set(v));
      else this.put(Kind.Nested, new Snap(v));
    }
  }

  private put(kind: Kind, v: unknown): void {
    this.kinds.push(kind);
    this.vals.push(v);
  }

  restore(o: Record<string, unknown>): void {
    if (this.list) (o as unknown as unknown[]).length = this.keys.length;
    const { keys, kinds, vals } = this;
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j]!;
      const s = vals[j];
      switch (kinds[j]) {
        case Kind.Value:
          o[k] = s;
          break;
        case Kind.Ring:
          if (o[k] instanceof Ring) (s as RingMark).restore(o[k]);
          break;
        case Kind.ValueRing:
          if (o[k] instanceof ValueRing) (s as ValueRingMark).restore(o[k]);
          break;
        case Kind.Typed: {
          const t = s as Float64Array;
          const d = o[k];
          if (d instanceof (t.constructor as Float64ArrayConstructor) && d.length === t.length) d.set(t);
          else o[k] = t.slice();
          break;
        }
        case Kind.Collection:
          o[k] = s instanceof Map ? new Map(s) : new Set(s as Set<unknown>);
          break;
        case Kind.Nested: {
          const n = s as Snap;
          const d = o[k];
          if (typeof d === "object" && d !== null && Object.getPrototypeOf(d) === n.proto) n.restore(d as Record<string, unknown>);
          else o[k] = n.make();
          break;
        }
      }
    }
  }

  /** A new object or list of the snapshot's values (the field was replaced by another since). */
  private make(): object {
    const o = this.list ? [] : (Object.create(this.proto) as object);
    this.restore(o as Record<string, unknown>);
    return o;
  }
}

/** Lengths as Pine takes them: an int >= 1, or 0 when invalid (the caller returns na). */
export function len(n: number): number {
  if (!(n >= 1)) return 0;
  return Math.floor(n);
}
