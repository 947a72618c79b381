// Moving averages, one state object per call site, `update` called once per bar.
// Pine (v6 reference): sma, ema, rma and math.sum ignore `na` inputs (the window is the last
// `length` non-na values, and an `na` bar returns the previous result); alma, swma and linreg
// include them (an `na` in the window gives `na`); wma and vwma follow TradingView's values
// (docs/adr/0304, at their classes).
//
// Hot path rules (each `update` runs once per bar per call site): no allocation, no calls through
// another module's exports (the CommonJS build turns those into getter calls), rings sized by the
// constructor's `cap` (the call site's derived window) so `ensure` only checks.

import { BAR, builtinFunction, lengthWindow, sourceLength, taFunction, update, type InlineEmitter, type InlineSite, type StateClass } from "../../builtins/record";
import { positiveArgument } from "../../builtins/argument-bounds";
import { fail } from "../../runtime/errors";
import { Ring } from "../ring";

/**
 * The values a windowed call keeps when its length is not known at compile time (code generation
 * then passes no `cap`; a known length passes its window): 5000, TradingView's max_bars_back limit
 * (RUNTIME_OFFSET_DEPTH in derive/warmup.ts; docs/adr/0146), so that a length that grows from
 * one bar to the next still finds the values before it, as TradingView's built-ins read the
 * source's history (`ta.sma(close, n)` with n going from 5 to 50 averages the last 50 closes).
 */
export const UNKNOWN_WINDOW = 5000;

/**
 * Lengths as Pine takes them: an int >= 1, or 0 when invalid (the caller returns na). A built-in's
 * own length argument is refused before (docs/adr/0158); this covers the lengths the ta library's
 * functions compute and pass on.
 */
function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/** Sum over a window of non-na values (math.sum). */
export class Sum {
  r: Ring;
  last = NaN;
  constructor(cap = UNKNOWN_WINDOW) {
    this.r = new Ring(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.last;
    this.last = this.r.add(x, n) ? this.r.sumLast(n) : NaN;
    return this.last;
  }
}

export class Sma {
  r: Ring;
  last = NaN;
  constructor(cap = UNKNOWN_WINDOW) {
    this.r = new Ring(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.last;
    this.last = this.r.add(x, n) ? this.r.sumLast(n) / n : NaN;
    return this.last;
  }
}

/**
 * EMA (alpha = 2/(n+1)), seeded with the SMA of the first n non-na values (a running sum: the
 * seed needs no window). Rma below is the same with alpha = 1/n.
 */
export class Ema {
  seen = 0;
  // -0 and NaN are doubles from the start (0 would be a small integer, and the first fractional
  // store would change the object's shape under optimized code)
  sum = -0;
  prev = NaN;
  n = 0;
  a = NaN;
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.prev;
    if (this.seen < n) {
      this.sum += x;
      if (++this.seen === n) this.prev = this.sum / n;
      return this.prev;
    }
    if (n !== this.n) {
      this.n = n;
      this.a = 2 / (n + 1);
    }
    return (this.prev = this.a * x + (1 - this.a) * this.prev);
  }
}

export class Rma {
  seen = 0;
  // -0 and NaN are doubles from the start (0 would be a small integer, and the first fractional
  // store would change the object's shape under optimized code)
  sum = -0;
  prev = NaN;
  n = 0;
  a = NaN;
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.prev;
    if (this.seen < n) {
      this.sum += x;
      if (++this.seen === n) this.prev = this.sum / n;
      return this.prev;
    }
    if (n !== this.n) {
      this.n = n;
      this.a = 1 / n;
    }
    return (this.prev = this.a * x + (1 - this.a) * this.prev);
  }
}

/** The window of a call written into the bar loop: its literal length, floored; null when the length is not a literal of at least 1. */
export function literalWindow(s: InlineSite): number | null {
  const l = s.lit("length");
  return typeof l === "number" && l >= 1 && Number.isFinite(l) ? Math.floor(l) : null;
}

/**
 * Ema and Rma written into the bar loop (the same arithmetic as their update, the fields in
 * locals of the loop) for a literal length; see InlineSite in builtins/record.ts.
 */
function inlineSmooth(impl: StateClass, alpha: (n: number) => number): InlineEmitter {
  return (s) => {
    const n = literalWindow(s);
    if (n === null) return null;
    const x = s.a("source");
    if (!readsInPlace(x)) return null;
    const k = s.stateSlot(impl).k;
    const [seen, sum, prev, t] = [`$m${k}n`, `$m${k}s`, `$m${k}p`, `$m${k}x`];
    s.runLocal(`var ${seen} = $s${k}.seen, ${sum} = $s${k}.sum, ${prev} = $s${k}.prev, ${t} = NaN;`, `$s${k}.seen = ${seen}; $s${k}.sum = ${sum}; $s${k}.prev = ${prev};`);
    const a = String(alpha(n));
    s.before(`${t} = ${x};\nif (${t} === ${t}) { if (${seen} < ${n}) { ${sum} += ${t}; if (++${seen} === ${n}) ${prev} = ${sum} / ${n}; } else ${prev} = ${a} * ${t} + (1 - ${a}) * ${prev}; }`);
    return prev;
  };
}

/**
 * Whether a compiled source reads only locals, bar columns, numbers, Math functions, history
 * (`$s<k>.get(n)`: a series' past is committed with its bar) and a change of a bar column (no
 * other call, no field or element of an object): run before its statement (InlineSite.before), it
 * reads what it would have read where the call stands, as nothing earlier in the statement can
 * change it (a function cannot assign a global variable; a call can change an array, a map or a field).
 */
export function readsInPlace(code: string): boolean {
  const pure = code.replace(/\bMath\.\w+\(|\$s\d+\.get\(|\$R_ta_changeOfColumn\(/g, "(");
  return !/[\w$]\s*\(|\.[A-Za-z_$]/.test(pure);
}

/**
 * Sma (divided by the length) and Sum written into the bar loop for a literal length: the ring's
 * buffer, newest slot, count and the last value in locals of the loop, pushed as Ring.push does
 * and summed oldest first as Ring.sumLast does, so every value is the update's to the bit. Saves
 * the update's call and the ring's field reads a bar (docs/performance.md, "helper E").
 */
function inlineWindowSum(impl: StateClass, divide: boolean): InlineEmitter {
  return (s) => {
    const n = literalWindow(s);
    if (n === null) return null;
    const x = s.a("source");
    if (!readsInPlace(x)) return null;
    // the ring sized for its window, as the update form's state is (binding.ts windowOf)
    const k = s.stateSlot(impl, n).k;
    const [buf, cap, end, top, count, last, t, sum, j] = ["b", "c", "e", "t", "n", "l", "x", "s", "j"].map((f) => `$m${k}${f}`) as [string, string, string, string, string, string, string, string, string];
    const r = `$s${k}.r`;
    s.runLocal(
      `${r}.ensure(${n}); var ${buf} = ${r}.buf, ${cap} = ${r}.cap, ${end} = 2 * ${cap}, ${top} = ${r}.top, ${count} = ${r}.count, ${last} = $s${k}.last, ${t} = NaN, ${sum} = 0, ${j} = 0;`,
      `${r}.top = ${top}; ${r}.pos = ${top} - ${cap}; ${r}.count = ${count}; $s${k}.last = ${last};`,
    );
    const value = divide ? `${sum} / ${n}` : sum;
    s.before(
      `${t} = ${x};\nif (${t} === ${t}) { ${top} = ${top} + 1 === ${end} ? ${cap} : ${top} + 1; ${buf}[${top} - ${cap}] = ${t}; ${buf}[${top}] = ${t}; if (${count} < ${cap}) ++${count};\n` +
        `if (${count} >= ${n}) { ${sum} = 0; for (${j} = ${top} - ${n - 1}; ${j} <= ${top}; ${j}++) ${sum} += ${buf}[${j}]; ${last} = ${value}; } else ${last} = NaN; }`,
    );
    return last;
  };
}

/**
 * An na bar gives na, and in the window it stands for the last non-na value before it (na before
 * the first one), as TradingView's values show (docs/adr/0304).
 */
export class Wma {
  r: Ring;
  /** The last non-na value, which an na bar puts in the window. */
  fill = NaN;
  constructor(cap = UNKNOWN_WINDOW) {
    this.r = new Ring(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x === x) this.fill = x;
    const r = this.r;
    if (!r.add(this.fill, n) || x !== x) return NaN;
    let norm = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const w = (n - i) * n;
      norm += w;
      sum += r.get(i) * w;
    }
    return sum / norm;
  }
}

/**
 * sma(x * volume) / sma(volume), the reference's definition taken literally: each sma skips its
 * own na values, so a bar whose source is na keeps its volume in the divisor's window, as
 * TradingView's values show (docs/adr/0304).
 */
export class Vwma {
  pv: Sma;
  v: Sma;
  constructor(cap = UNKNOWN_WINDOW) {
    this.pv = new Sma(cap);
    this.v = new Sma(cap);
  }
  update(x: number, volume: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    return this.pv.update(x * volume, n) / this.v.update(volume, n);
  }
}

/** wma(2 * wma(x, n/2) - wma(x, n), round(sqrt(n))). */
export class Hma {
  half: Wma;
  full: Wma;
  outer: Wma;
  constructor(cap = UNKNOWN_WINDOW) {
    this.half = new Wma(cap);
    this.full = new Wma(cap);
    this.outer = new Wma(Math.round(Math.sqrt(cap)) + 1);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    const a = this.half.update(x, Math.max(1, Math.floor(n / 2)));
    const b = this.full.update(x, n);
    // Pine's (and Alan Hull's) definition: the outer length is floor(sqrt(length)), as in
    // TradingView's built-in "Hull Moving Average": wma(2 wma(x, n/2) - wma(x, n), floor(sqrt n))
    return this.outer.update(2 * a - b, Math.max(1, Math.floor(Math.sqrt(n))));
  }
}

/**
 * ta.hma's length as TradingView's runtime takes it (docs/adr/0158): its first wma averages over
 * `length / 2`, so a length below 2 stops the script with that wma's error, the half shown as
 * the float it is there ("(0.0)" for a length of 1); an na length is that wma's na length.
 */
export function hmaLength(v: number): number {
  if (v !== v) positiveArgument(v, "wma", "length");
  const half = Math.trunc(v / 2);
  if (half < 1) fail(`Invalid value of the 'length' argument (${half}.0) in the 'wma' function. It must be > 0.`);
  return v;
}

/** Window of every bar's value, na included (alma, swma, linreg, change, percentrank...). */
export class Lag {
  r: Ring;
  constructor(cap = UNKNOWN_WINDOW) {
    this.r = new Ring(cap + 1);
  }
  push(x: number, need: number): void {
    this.r.add(x, need);
  }
  /** The value k bars back (0 = this bar); NaN before history. */
  get(k: number): number {
    return this.r.get(k);
  }
}

export class Alma {
  h: Lag;
  constructor(cap = UNKNOWN_WINDOW) {
    this.h = new Lag(cap);
  }
  update(x: number, length: number, offset: number, sigma: number, floor = false): number {
    const n = len(length);
    if (n === 0) return NaN;
    this.h.push(x, n);
    if (this.h.r.count < n) return NaN;
    let m = offset * (n - 1);
    if (floor) m = Math.floor(m);
    // the reference's `windowsize / sigma` is Pine's division: sigma 0 gives na weights (docs/adr/0145)
    if (sigma === 0) return NaN;
    const s = n / sigma;
    let norm = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const w = Math.exp((-1 * Math.pow(i - m, 2)) / (2 * Math.pow(s, 2)));
      norm += w;
      sum += this.h.get(n - i - 1) * w;
    }
    return sum / norm;
  }
}

export class Swma {
  h = new Lag(4);
  update(x: number): number {
    this.h.push(x, 4);
    const h = this.h;
    return (h.get(3) * 1) / 6 + (h.get(2) * 2) / 6 + (h.get(1) * 2) / 6 + (h.get(0) * 1) / 6;
  }
}

/** Least squares over the window, x = 0 (oldest) .. n-1 (newest); intercept + slope * (n - 1 - offset). */
export class Linreg {
  h: Lag;
  constructor(cap = UNKNOWN_WINDOW) {
    this.h = new Lag(cap);
  }
  update(x: number, length: number, offset: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    this.h.push(x, n);
    if (this.h.r.count < n) return NaN;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (let i = 0; i < n; i++) {
      const y = this.h.get(n - 1 - i);
      sx += i;
      sy += y;
      sxx += i * i;
      sxy += i * y;
    }
    const den = n * sxx - sx * sx;
    const slope = den === 0 ? 0 : (n * sxy - sx * sy) / den;
    const intercept = (sy - slope * sx) / n;
    return intercept + slope * (n - 1 - offset);
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

export const mathSum = builtinFunction({
  sig: "math.sum(source: series float, length: series int): series float",
  doc: "Sum of the last `length` values.",
  stateful: true,
  lookback: lengthWindow,
  emit: update(Sum, sourceLength),
  inline: inlineWindowSum(Sum, false),
  bounds: { length: ">0" },
});

export const taSma = taFunction({
  sig: "sma(source: series float, length: series int): series float",
  doc: "Simple moving average: the mean of the last `length` values.",
  lookback: lengthWindow,
  emit: update(Sma, sourceLength),
  inline: inlineWindowSum(Sma, true),
  bounds: { length: ">0" },
});

// recursive averages: (1 - alpha)^k < 1e-10 after about 12 n bars for alpha = 2 / (n + 1) and 23 n for 1 / n
export const taEma = taFunction({
  sig: "ema(source: series float, length: simple int): series float",
  doc: "Exponential moving average (alpha = 2 / (length + 1)), seeded with the SMA of the first `length` values.",
  lookback: (a) => 12 * a("length"),
  emit: update(Ema, sourceLength),
  inline: inlineSmooth(Ema, (n) => 2 / (n + 1)),
  bounds: { length: ">0" },
});

export const taRma = taFunction({
  sig: "rma(source: series float, length: simple int): series float",
  doc: "Wilder's moving average (alpha = 1 / length), seeded with the SMA of the first `length` values.",
  lookback: (a) => 23 * a("length"),
  emit: update(Rma, sourceLength),
  inline: inlineSmooth(Rma, (n) => 1 / n),
  bounds: { length: ">0" },
});

export const taWma = taFunction({
  sig: "wma(source: series float, length: series int): series float",
  doc: "Weighted moving average with linearly decreasing weights.",
  lookback: lengthWindow,
  emit: update(Wma, sourceLength),
  bounds: { length: ">0" },
});

export const taVwma = taFunction({
  sig: "vwma(source: series float, length: series int): series float",
  doc: "Volume-weighted moving average: sma(source * volume) / sma(volume).",
  lookback: lengthWindow,
  emit: update(Vwma, (b) => [b.a("source"), BAR.volume, b.a("length")]),
  bounds: { length: ">0" },
});

export const taHma = taFunction({
  sig: "hma(source: series float, length: simple int): series float",
  doc: "Hull moving average: wma(2 * wma(src, len/2) - wma(src, len), floor(sqrt(len))).",
  lookback: (a) => a("length") + Math.floor(Math.sqrt(a("length"))),
  emit: (b) => {
    const l = b.lit("length");
    const length = typeof l === "number" && l >= 2 ? b.a("length") : `${b.fn(hmaLength)}(${b.a("length")})`;
    return `${b.state(Hma)}.update(${b.a("source")}, ${length})`;
  },
});

export const taAlma = taFunction({
  sig: "alma(series: series float, length: series int, offset: simple float, sigma: simple float, floor: simple bool = false): series float",
  doc: "Arnaud Legoux moving average (Gaussian weights centred at `offset`).",
  lookback: lengthWindow,
  emit: update(Alma, (b) => [b.a("series"), b.a("length"), b.a("offset"), b.a("sigma"), b.a("floor", "false")]),
  bounds: { length: ">0" },
});

export const taSwma = taFunction({
  sig: "swma(source: series float): series float",
  doc: "Symmetrically weighted moving average over 4 bars (weights 1/6, 2/6, 2/6, 1/6).",
  lookback: () => 4,
  emit: update(Swma, (b) => [b.a("source")]),
});

export const taLinreg = taFunction({
  sig: "linreg(source: series float, length: series int, offset: simple int): series float",
  doc: "Linear regression value at `offset` over the last `length` values.",
  lookback: lengthWindow,
  emit: update(Linreg, (b) => [b.a("source"), b.a("length"), b.a("offset", "0")]),
  bounds: { length: ">0" },
});
